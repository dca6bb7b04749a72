import { ORDER_ACCESS_HEADER, type DocumentoTributario, type Pedido } from '@nexbyte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export interface OrderDocuments {
  items: DocumentoTributario[];
}

/** While a document is being issued, its order's page asks again this often to show the folio. */
export const DOCUMENT_PENDING_REFRESH_MS = 5_000;

/**
 * Documents are issued when an order is paid, and every paid order went through PAGADO: an order
 * that never did has none, and its page (the one right after checkout, most often) asks nothing.
 */
export function mayHaveDocuments(order: Pedido): boolean {
  return order.eventos.some((event) => event.a === 'PAGADO');
}

/** Refreshes a list while one of its documents waits for the provider. */
export const refreshWhilePending = (data: OrderDocuments | undefined) =>
  data?.items.some((document) => document.estado === 'PENDIENTE')
    ? DOCUMENT_PENDING_REFRESH_MS
    : false;

/**
 * GET /pedidos/{numero}/documentos: the boleta or factura of an order and its credit note, under
 * the order's own access rule (the session, or a guest's token in a header). Empty while the
 * shop issues no documents.
 */
export function getOrderDocuments(numero: string, access: string | null, signal?: AbortSignal) {
  return apiFetch<OrderDocuments>(`/pedidos/${encodeURIComponent(numero)}/documentos`, {
    signal,
    headers: access ? { [ORDER_ACCESS_HEADER]: access } : {},
  });
}

/** `viewer` (the logged-in user's id, or null) keeps one person's answer from serving another. */
export const orderDocumentsQueryOptions = (
  numero: string,
  access: string | null,
  viewer: number | null,
) =>
  queryOptions({
    queryKey: ['pedidos', 'documentos', numero, { access, viewer }],
    queryFn: ({ signal }) => getOrderDocuments(numero, access, signal),
    staleTime: 0,
    refetchInterval: (query) => refreshWhilePending(query.state.data),
  });

export function useOrderDocuments(numero: string, access: string | null, viewer: number | null) {
  return useQuery(orderDocumentsQueryOptions(numero, access, viewer));
}
