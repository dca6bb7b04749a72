import { useMutation } from '@tanstack/react-query';
import { apiFetchBlob } from '../../../../lib/api-client';
import { saveFile } from '../../../../lib/save-file';

export const EXPORT_ORDERS_FAILED = 'No se pudo descargar el CSV de pedidos.';

export interface OrdersExportRange {
  desde?: string | undefined;
  hasta?: string | undefined;
}

/** GET /pedidos/exportar.csv (ADMIN): a plain link could not send the Bearer token. */
export function fetchOrdersCsv({ desde, hasta }: OrdersExportRange): Promise<Blob> {
  const query = new URLSearchParams();
  if (desde) query.set('desde', desde);
  if (hasta) query.set('hasta', hasta);
  const search = query.size > 0 ? `?${query}` : '';
  return apiFetchBlob(`/pedidos/exportar.csv${search}`, 'text/csv');
}

export const ordersExportFilename = ({ desde, hasta }: OrdersExportRange) =>
  `pedidos${desde ? `-desde-${desde}` : ''}${hasta ? `-hasta-${hasta}` : ''}.csv`;

export function useExportOrders() {
  return useMutation({
    mutationFn: fetchOrdersCsv,
    onSuccess: (blob, range) => saveFile(blob, ordersExportFilename(range)),
    onError: (error) => console.warn('No se pudo descargar el CSV de pedidos:', error),
  });
}
