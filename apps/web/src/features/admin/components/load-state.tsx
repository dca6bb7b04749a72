import { Alert } from '../../../components/ui/alert';

/** Shown while a screen's data arrives. */
export function AdminLoading() {
  return (
    <p className="admin-loading" role="status">
      Cargando…
    </p>
  );
}

/** A failed load: the spec's message (SPEC.md point 8) and a way to ask again. */
export function AdminLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="admin-load-error">
      <Alert tone="danger">{message}</Alert>
      <button type="button" className="button button--small button--ghost" onClick={onRetry}>
        Reintentar
      </button>
    </div>
  );
}
