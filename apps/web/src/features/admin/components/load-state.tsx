import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
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

interface AdminQueryStateProps<T> {
  query: UseQueryResult<T>;
  /** The screen's load error of SPEC.md point 8. */
  errorMessage: string;
  /** What to show once the data is there. */
  children: (data: T) => ReactNode;
}

/** A screen's list: 'Cargando…', then its load error with 'Reintentar', or the data. */
export function AdminQueryState<T>({ query, errorMessage, children }: AdminQueryStateProps<T>) {
  if (query.isPending) return <AdminLoading />;
  if (query.isError) {
    return <AdminLoadError message={errorMessage} onRetry={() => void query.refetch()} />;
  }
  return children(query.data);
}
