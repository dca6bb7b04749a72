import { queryOptions, useQuery } from '@tanstack/react-query';
import { getOrderDocuments, refreshWhilePending } from '../../api/get-order-documents';
import { ADMIN_ORDERS_STALE_TIME, adminOrderKeys } from './query-keys';

/**
 * GET /pedidos/{numero}/documentos as an admin: the same list the buyer sees, with the provider's
 * reason for a refusal, the attempts and the provider's ids.
 */
export const orderDocumentsQueryOptions = (numero: string) =>
  queryOptions({
    queryKey: adminOrderKeys.documents(numero),
    queryFn: ({ signal }) => getOrderDocuments(numero, null, signal),
    staleTime: ADMIN_ORDERS_STALE_TIME,
    refetchInterval: (query) => refreshWhilePending(query.state.data),
  });

export function useAdminOrderDocuments(numero: string) {
  return useQuery(orderDocumentsQueryOptions(numero));
}
