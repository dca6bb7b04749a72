import type { AjustesEnvio, AjustesEnvioInput } from '@nexbyte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { shippingSettingsQueryOptions } from '../../../../lib/shipping-settings';

/** PUT /envios (ADMIN): the regiones' fees and thresholds, and store pickup. */
export function updateShipping(body: AjustesEnvioInput): Promise<AjustesEnvio> {
  return apiFetch<AjustesEnvio>('/envios', { method: 'PUT', body });
}

export function useUpdateShipping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateShipping,
    // The cart and the checkout read the same settings.
    onSuccess: (saved) => queryClient.setQueryData(shippingSettingsQueryOptions.queryKey, saved),
  });
}
