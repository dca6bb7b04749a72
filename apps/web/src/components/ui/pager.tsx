interface PagerProps {
  /** The page shown, from 1. */
  pagina: number;
  /** Every row of the list, on all its pages (the X-Total-Count of the answer). */
  total: number;
  pageSize: number;
  /** Names the navigation for screen readers ('Páginas de pedidos'). */
  label: string;
  onPage: (pagina: number) => void;
}

/** How many pages `total` rows fill, at least one. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * 'Anterior', 'Página n de m' and 'Siguiente' under a list that pages on the server; nothing when
 * everything fits on one page. At either end the button stays focusable but does nothing
 * (aria-disabled), so keyboard focus is not thrown to the page when the last page is reached.
 */
export function Pager({ pagina, total, pageSize, label, onPage }: PagerProps) {
  const pages = pageCount(total, pageSize);
  if (pages <= 1 && pagina <= 1) return null;
  const atFirst = pagina <= 1;
  const atLast = pagina >= pages;
  return (
    <nav className="pager" aria-label={label}>
      <button
        type="button"
        className="button button--small button--ghost pager__button"
        aria-disabled={atFirst}
        onClick={() => {
          if (!atFirst) onPage(Math.min(pagina - 1, pages));
        }}
      >
        Anterior
      </button>
      <span className="pager__status" aria-live="polite">
        Página {pagina} de {pages}
      </span>
      <button
        type="button"
        className="button button--small button--ghost pager__button"
        aria-disabled={atLast}
        onClick={() => {
          if (!atLast) onPage(pagina + 1);
        }}
      >
        Siguiente
      </button>
    </nav>
  );
}
