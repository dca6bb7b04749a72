import type { NewsletterResumen } from '@nexbyte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** GET /newsletter/resumen (ADMIN): how many active subscribers there are. */
export function getNewsletterSummary({ signal }: { signal?: AbortSignal } = {}) {
  return apiFetch<NewsletterResumen>('/newsletter/resumen', signal ? { signal } : {});
}

export const newsletterSummaryQueryOptions = () =>
  queryOptions({ queryKey: ['newsletter', 'resumen'], queryFn: getNewsletterSummary });

export function useNewsletterSummary() {
  return useQuery(newsletterSummaryQueryOptions());
}
