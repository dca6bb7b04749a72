import {
  DEFAULT_SHIPPING_RULE,
  shippingRuleFor,
  type AjustesEnvio,
  type ShippingRule,
} from '@nexbyte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-client';

/** GET /envios: each región's fee and threshold, and store pickup. */
export const shippingSettingsQueryOptions = queryOptions({
  queryKey: ['envios'],
  queryFn: ({ signal }) => apiFetch<AjustesEnvio>('/envios', { signal }),
  staleTime: 5 * 60_000,
});

export function useShippingSettings() {
  return useQuery(shippingSettingsQueryOptions);
}

/**
 * The estimate's rule: the región's once it is known and the settings arrived, the spec's values
 * until then (issue 17). The server's quote has the last word.
 */
export function useShippingRule(region: string | null | undefined): ShippingRule {
  const { data } = useShippingSettings();
  if (!data || !region) return DEFAULT_SHIPPING_RULE;
  return shippingRuleFor(data.regiones, region);
}
