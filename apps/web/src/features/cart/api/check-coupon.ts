import {
  COUPON_INVALID_MESSAGE,
  type CartItem,
  type Coupon,
  type Cotizacion,
} from '@nexbyte/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export type CouponCheck = { coupon: Coupon } | { coupon: null; message: string };

/**
 * Asks the server whether a code applies to this cart (POST /pedidos/cotizacion): it alone knows
 * the coupons, their dates, minimums and limits (decision 021).
 */
export async function checkCoupon(code: string, items: readonly CartItem[]): Promise<CouponCheck> {
  const quote = await apiFetch<Cotizacion>('/pedidos/cotizacion', {
    method: 'POST',
    body: { items: items.map((i) => ({ productoId: i.id, qty: i.qty })), cupon: code },
  });
  if (!quote.cupon) return { coupon: null, message: quote.cuponMensaje ?? COUPON_INVALID_MESSAGE };
  const { codigo, label, tipo, valor } = quote.cupon;
  return { coupon: { code: codigo, label, kind: tipo, value: valor } };
}

export function useCheckCoupon() {
  return useMutation({
    mutationFn: ({ code, items }: { code: string; items: readonly CartItem[] }) =>
      checkCoupon(code, items),
  });
}
