import type { Contacto } from '@nexbyte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { ADMIN_STALE_TIME, adminKeys } from './query-keys';

/** The contact form's messages, newest first (the API sorts them). */
export function getContactMessages(signal?: AbortSignal): Promise<Contacto[]> {
  return apiFetch<Contacto[]>('/contactos', { signal });
}

export const contactMessagesQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.contactMessages(),
    queryFn: ({ signal }) => getContactMessages(signal),
    staleTime: ADMIN_STALE_TIME,
  });

export function useContactMessages() {
  return useQuery(contactMessagesQueryOptions());
}
