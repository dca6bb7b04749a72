/** Shown while a screen's code is downloaded on its first visit. */
export function PageLoading() {
  return (
    <p className="container page page-loading" role="status">
      Cargando…
    </p>
  );
}
