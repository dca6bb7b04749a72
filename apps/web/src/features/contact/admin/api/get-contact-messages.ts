import type { Contacto } from '@nexbyte/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetchPage, type ApiPage } from '../../../../lib/api-client';
import { ADMIN_KEY, ADMIN_PAGE_SIZE, ADMIN_STALE_TIME } from '../../../../lib/admin-queries';

/** One page of the contact form's messages, newest first (the API sorts them), and their count. */
export function getContactMessages(
  pagina: number,
  signal?: AbortSignal,
): Promise<ApiPage<Contacto>> {
  const params = new URLSearchParams({ pagina: String(pagina), limite: String(ADMIN_PAGE_SIZE) });
  return apiFetchPage<Contacto>(`/contactos?${params}`, { signal });
}

export const contactMessagesQueryOptions = (pagina: number) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'contactos', pagina],
    queryFn: ({ signal }) => getContactMessages(pagina, signal),
    staleTime: ADMIN_STALE_TIME,
    placeholderData: keepPreviousData,
  });

export function useContactMessages(pagina: number) {
  return useQuery(contactMessagesQueryOptions(pagina));
}
