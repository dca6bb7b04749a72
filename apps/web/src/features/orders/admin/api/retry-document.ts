import type { DocumentoTributario } from '@nexbyte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { adminOrderKeys } from './query-keys';

export const RETRY_DOCUMENT_ERROR = 'No se pudo reintentar el documento. Inténtalo de nuevo.';

interface RetryDocumentRequest {
  id: number;
  /** The order the document belongs to, whose list is asked for again. */
  numero: string;
}

/**
 * POST /admin/documentos/{id}/reintentar (ADMIN): a document the provider refused goes back to
 * the queue, PENDIENTE again; a 409 when it is no longer refused.
 */
export function retryDocument({ id }: RetryDocumentRequest): Promise<DocumentoTributario> {
  return apiFetch<DocumentoTributario>(`/admin/documentos/${id}/reintentar`, { method: 'POST' });
}

export function useRetryDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryDocument,
    // Asked again whatever the answer: a 409 means the document moved on meanwhile.
    onSettled: (_document, _error, { numero }) =>
      queryClient.invalidateQueries({ queryKey: adminOrderKeys.documents(numero) }),
  });
}
