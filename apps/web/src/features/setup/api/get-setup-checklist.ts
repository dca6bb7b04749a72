import type { PuestaEnMarcha } from '@nexbyte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_STALE_TIME, SETUP_CHECKLIST_KEY } from '../../../lib/admin-queries';
import { apiFetch } from '../../../lib/api-client';

/** GET /admin/puesta-en-marcha (ADMIN): which steps of going live are done. */
export function getSetupChecklist({ signal }: { signal?: AbortSignal } = {}) {
  return apiFetch<PuestaEnMarcha>('/admin/puesta-en-marcha', signal ? { signal } : {});
}

export const setupChecklistQueryOptions = () =>
  queryOptions({
    queryKey: SETUP_CHECKLIST_KEY,
    queryFn: getSetupChecklist,
    // Asked again each time the dashboard opens: the owner comes back after each step.
    staleTime: ADMIN_STALE_TIME,
  });

export function useSetupChecklist() {
  return useQuery(setupChecklistQueryOptions());
}
