import type { Armado } from '@nexbyte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** Whether a load failed because there is no such build (the API's 404, or the server's JSON copy of it). */
export const isBuildNotFound = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'status' in error && error.status === 404;

/** GET /armados/{codigo}: a saved build, its parts on sale now. */
export const buildQueryOptions = (codigo: string) =>
  queryOptions({
    queryKey: ['armados', 'guardado', codigo],
    queryFn: ({ signal }) => apiFetch<Armado>(`/armados/${encodeURIComponent(codigo)}`, { signal }),
    retryOnMount: (query) => !isBuildNotFound(query.state.error),
    retry: (count, error) => !isBuildNotFound(error) && count < 2,
  });

export const useBuild = (codigo: string) => useQuery(buildQueryOptions(codigo));
