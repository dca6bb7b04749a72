import type { CorreoEnvio, EstadoCorreo } from '@nexbyte/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_KEY, ADMIN_PAGE_SIZE, ADMIN_STALE_TIME } from '../../../../lib/admin-queries';
import { apiFetchPage, type ApiPage } from '../../../../lib/api-client';

export interface MailFilter {
  estado?: EstadoCorreo | undefined;
  pagina: number;
}

/** Under 'admin', like every admin query. */
export const mailKeys = {
  lists: () => [...ADMIN_KEY, 'correos'] as const,
  list: (filter: MailFilter) => [...mailKeys.lists(), filter] as const,
};

/** While an e-mail waits for its next attempt, the list asks again this often to show how it ends. */
export const MAIL_WAITING_REFRESH_MS = 5_000;

/** GET /correos (ADMIN): the shop's e-mails, newest first, a page at a time, optionally one state. */
export function getMails(filter: MailFilter, signal?: AbortSignal): Promise<ApiPage<CorreoEnvio>> {
  const params = new URLSearchParams({
    pagina: String(filter.pagina),
    limite: String(ADMIN_PAGE_SIZE),
  });
  if (filter.estado) params.set('estado', filter.estado);
  return apiFetchPage<CorreoEnvio>(`/correos?${params}`, { signal });
}

export const mailsQueryOptions = (filter: MailFilter) =>
  queryOptions({
    queryKey: mailKeys.list(filter),
    queryFn: ({ signal }) => getMails(filter, signal),
    staleTime: ADMIN_STALE_TIME,
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.items.some((mail) => mail.estado === 'pendiente')
        ? MAIL_WAITING_REFRESH_MS
        : false,
  });

export function useMails(filter: MailFilter) {
  return useQuery(mailsQueryOptions(filter));
}
