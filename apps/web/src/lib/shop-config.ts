import type { ConfigResponse } from '@nexbyte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-client';

export type PaymentSettings = ConfigResponse['pagos'];

/**
 * What the shop can always take when GET /config cannot be read: the bank transfer, with no
 * transfer price and no installments. The server checks the method of every order itself.
 */
export const FALLBACK_PAYMENTS: PaymentSettings = {
  metodos: ['TRANSFERENCIA'],
  descuentoTransferenciaPct: 0,
  cuotasSinInteresMax: 0,
};

/** GET /config: the server's settings that the forms and the prices on screen follow. */
async function fetchShopConfig({ signal }: { signal: AbortSignal }): Promise<ConfigResponse> {
  // The schema (and zod with it) is downloaded only when the settings are fetched: a page the
  // server rendered already holds them, and its first screen needs no zod.
  const [{ configResponseSchema }, body] = await Promise.all([
    import('./config-schema'),
    apiFetch<unknown>('/config', { signal }),
  ]);
  const parsed = configResponseSchema.safeParse(body);
  if (!parsed.success) throw new Error('GET /config respondió algo inesperado.');
  return parsed.data;
}

/** One query for the whole app: the settings change only with a restart of the server. */
export const shopConfigQueryOptions = queryOptions({
  queryKey: ['config'],
  queryFn: fetchShopConfig,
  staleTime: Infinity,
  retry: false,
});

/** The payment methods on and the transfer discount; undefined until GET /config has answered. */
export function usePaymentSettings(): PaymentSettings | undefined {
  const { data, isError } = useQuery(shopConfigQueryOptions);
  if (data) return data.pagos;
  return isError ? FALLBACK_PAYMENTS : undefined;
}

/**
 * Up to how many interest-free installments a card pays (CUOTAS_SIN_INTERES_MAX) when the shop
 * offers them and takes cards (Webpay); 0 otherwise, and until GET /config has answered. A page
 * the server rendered already holds the settings, so the line is drawn there or not at all.
 */
export function useInstallmentsMax(): number {
  const payments = usePaymentSettings();
  if (!payments?.metodos.includes('WEBPAY')) return 0;
  return payments.cuotasSinInteresMax;
}
