import type { Armado } from '@nexbyte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** GET /armados/recomendados: the builds the shop offers as starting points. */
export const recommendedQueryOptions = () =>
  queryOptions({
    queryKey: ['armados', 'recomendados'],
    queryFn: ({ signal }) => apiFetch<Armado[]>('/armados/recomendados', { signal }),
  });

export const useRecommendedBuilds = () => useQuery(recommendedQueryOptions());
