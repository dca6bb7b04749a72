import { FREE_SHIPPING_THRESHOLD, SHIPPING_FEE } from './constants';

/**
 * What delivering an order costs: a fee, waived from a subtotal on (null: never waived). The
 * server answers one per región (GET /envios); a región the admin never priced, and a cart that
 * does not know its región yet, use the spec's values.
 */
export interface ShippingRule {
  fee: number;
  freeFrom: number | null;
}

export const DEFAULT_SHIPPING_RULE: ShippingRule = {
  fee: SHIPPING_FEE,
  freeFrom: FREE_SHIPPING_THRESHOLD,
};

/** Store pickup is free (issue 17). */
export const PICKUP_SHIPPING_RULE: ShippingRule = { fee: 0, freeFrom: null };

export const METODOS_ENTREGA = ['DESPACHO', 'RETIRO'] as const;
export type MetodoEntrega = (typeof METODOS_ENTREGA)[number];
export const METODO_ENTREGA_LABELS: Record<MetodoEntrega, string> = {
  DESPACHO: 'Despacho a domicilio',
  RETIRO: 'Retiro en tienda',
};

export const SHIPPING_MESSAGES = {
  pickupOff: 'El retiro en tienda no está disponible por ahora. Elige despacho a domicilio.',
  entrega: 'Elige cómo recibir tu pedido.',
  precio: 'Ingresa un precio de envío válido (0 o más).',
  umbral: 'Ingresa un monto válido (0 o más) o déjalo vacío.',
  direccionRetiro: 'Ingresa la dirección de la tienda.',
  horarioRetiro: 'Ingresa el horario de retiro.',
} as const;

/** A región's rule from the admin's table, or the spec's values when it has none. */
export function shippingRuleFor(
  tarifas: readonly { region: string; precio: number; envioGratisDesde: number | null }[],
  region: string | null | undefined,
): ShippingRule {
  const tarifa = region ? tarifas.find((t) => t.region === region) : undefined;
  return tarifa ? { fee: tarifa.precio, freeFrom: tarifa.envioGratisDesde } : DEFAULT_SHIPPING_RULE;
}

export interface EntregaPedido {
  tipo: MetodoEntrega;
  region: string;
  comuna: string;
  direccion: string;
  horario: string | null;
}

/** How an order is delivered, in one sentence for the e-mail and the order pages. */
export function entregaText(entrega: EntregaPedido): string {
  const place = `${entrega.direccion}, ${entrega.comuna}, ${entrega.region}`;
  if (entrega.tipo === 'RETIRO') {
    const hours = entrega.horario ? ` Horario: ${entrega.horario}.` : '';
    return `${METODO_ENTREGA_LABELS.RETIRO}: ${place}.${hours}`;
  }
  return `${METODO_ENTREGA_LABELS.DESPACHO}: ${place}.`;
}
