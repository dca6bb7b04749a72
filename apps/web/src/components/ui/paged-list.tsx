import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { pageCount, Pager } from './pager';
import { QueryState } from './query-state';
import type { ApiPage } from '../../lib/api-client';
import { ADMIN_PAGE_SIZE } from '../../lib/admin-queries';

interface AdminPagedListProps<T> {
  query: UseQueryResult<ApiPage<T>>;
  /** The screen's load error of docs/product.md#messages. */
  errorMessage: string;
  pagina: number;
  onPage: (pagina: number, options?: { replace?: boolean }) => void;
  /** Names the pager for screen readers ('Páginas de usuarios'). */
  pagerLabel: string;
  /** The page's rows (and the screen's count and empty state). */
  children: (page: ApiPage<T>) => ReactNode;
}

/**
 * An admin table that pages on the server: 'Cargando…' or the load error, then the page with a
 * pager under it. While the next page loads the current one stays, dimmed.
 */
export function AdminPagedList<T>({ query, errorMessage, ...props }: AdminPagedListProps<T>) {
  return (
    <QueryState query={query} errorMessage={errorMessage}>
      {(page) => <PagedContent page={page} loading={query.isPlaceholderData} {...props} />}
    </QueryState>
  );
}

function PagedContent<T>({
  page,
  loading,
  pagina,
  onPage,
  pagerLabel,
  children,
}: Omit<AdminPagedListProps<T>, 'query' | 'errorMessage'> & {
  page: ApiPage<T>;
  loading: boolean;
}) {
  const lastPage = pageCount(page.total, ADMIN_PAGE_SIZE);
  // A page that no longer exists (rows were deleted, an old link): show the last one instead.
  const pastTheEnd = !loading && page.items.length === 0 && page.total > 0 && pagina > lastPage;
  useEffect(() => {
    if (pastTheEnd) onPage(lastPage, { replace: true });
  }, [pastTheEnd, lastPage, onPage]);

  return (
    <>
      <div className="admin-paged" aria-busy={loading}>
        {pastTheEnd ? null : children(page)}
      </div>
      <Pager
        pagina={pagina}
        total={page.total}
        pageSize={ADMIN_PAGE_SIZE}
        label={pagerLabel}
        onPage={onPage}
      />
    </>
  );
}
