import type { CorreoEnvio, EstadoCorreo } from '@nexbyte/shared';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ADMIN_KEY, ADMIN_PAGE_SIZE, ADMIN_STALE_TIME } from '../../../lib/admin-queries';
import { apiFetch, apiFetchPage, type ApiPage } from '../../../lib/api-client';
import { setupChecklistQueryOptions } from '../../../features/setup/api/get-setup-checklist';

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

/** POST /correos/{id}/reintentar (ADMIN): a failed e-mail goes back to the queue (202, its message). */
export function retryMail(id: number): Promise<{ message: string }> {
  return apiFetch<{ message: string }>(`/correos/${id}/reintentar`, { method: 'POST' });
}

export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryMail,
    // Asked again whatever the answer: a 409 means the e-mail's state moved on meanwhile. The
    // dashboard's count of failed e-mails changes with it.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: mailKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: setupChecklistQueryOptions().queryKey });
    },
  });
}
