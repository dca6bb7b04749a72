import type { Cupon, CuponInput } from '@nexbyte/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

// GET, POST and PUT /cupones (ADMIN): one file, as the three share the list they refresh.

export const couponsQueryOptions = queryOptions({
  queryKey: ['admin', 'cupones'],
  queryFn: ({ signal }) => apiFetch<Cupon[]>('/cupones', { signal }),
});

export function useCoupons() {
  return useQuery(couponsQueryOptions);
}

export function saveCoupon({ id, body }: { id: number | null; body: CuponInput }): Promise<Cupon> {
  return id === null
    ? apiFetch<Cupon>('/cupones', { method: 'POST', body })
    : apiFetch<Cupon>(`/cupones/${id}`, { method: 'PUT', body });
}

export function useSaveCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCoupon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponsQueryOptions.queryKey }),
  });
}
