import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Alert } from './alert';

/** Shown while a screen's data arrives. */
export function QueryLoading({ children = 'Cargando…' }: { children?: ReactNode }) {
  return (
    <p className="muted" role="status">
      {children}
    </p>
  );
}

/** A failed load: its message (docs/product.md#messages) and a way to ask again. */
export function QueryError({ message, onRetry }: { message: ReactNode; onRetry: () => void }) {
  return (
    <div className="query-error">
      <Alert tone="danger">{message}</Alert>
      <button type="button" className="button button--small button--ghost" onClick={onRetry}>
        Reintentar
      </button>
    </div>
  );
}

interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  /** What the wait says; 'Cargando…' unless given. */
  loading?: ReactNode;
  /** The load error of docs/product.md#messages, or a function choosing it from the error. */
  errorMessage: ReactNode | ((error: Error) => ReactNode);
  /** Shown above the error: the heading the data would have brought. */
  errorHeading?: ReactNode;
  /** What to show once the data is there. */
  children: (data: T) => ReactNode;
}

/** A screen's data: 'Cargando…', then its load error with 'Reintentar', or the data. */
export function QueryState<T>({
  query,
  loading,
  errorMessage,
  errorHeading,
  children,
}: QueryStateProps<T>) {
  if (query.isPending) return <QueryLoading>{loading}</QueryLoading>;
  if (query.isError) {
    return (
      <>
        {errorHeading}
        <QueryError
          message={typeof errorMessage === 'function' ? errorMessage(query.error) : errorMessage}
          onRetry={() => void query.refetch()}
        />
      </>
    );
  }
  return children(query.data);
}
