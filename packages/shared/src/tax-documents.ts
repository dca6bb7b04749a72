// Chilean electronic tax documents (DTE) as the shop issues them: a boleta (39) to a person, a
// factura (33) to a company that asks for one, a nota de crédito (61) when a documented sale is
// cancelled. Prices in the shop include IVA; a factura shows the neto and the IVA it contains.

/** What the buyer asks for at checkout. */
export const TIPOS_DOCUMENTO = ['BOLETA', 'FACTURA'] as const;
export type TipoDocumento = (typeof TIPOS_DOCUMENTO)[number];

/** Every document the shop issues, by its SII code. */
export const CODIGOS_DTE = { BOLETA: 39, FACTURA: 33, NOTA_CREDITO: 61 } as const;
export type ClaseDocumento = keyof typeof CODIGOS_DTE;
export const CLASES_DOCUMENTO = Object.keys(CODIGOS_DTE) as ClaseDocumento[];

/**
 * Where a document stands:
 * - PENDIENTE: a job will issue it (or is issuing it);
 * - EMITIDO: the provider gave it a folio;
 * - RECHAZADO: the provider refused it for good (the admin sees why and may retry);
 * - ANULADO: a credit note cancelled it (boleta/factura only).
 */
export const ESTADOS_DOCUMENTO = ['PENDIENTE', 'EMITIDO', 'RECHAZADO', 'ANULADO'] as const;
export type EstadoDocumento = (typeof ESTADOS_DOCUMENTO)[number];

export const IVA_RATE = 0.19;

/** The names a customer and an accountant read. */
export const NOMBRES_DOCUMENTO: Record<ClaseDocumento, string> = {
  BOLETA: 'Boleta electrónica',
  FACTURA: 'Factura electrónica',
  NOTA_CREDITO: 'Nota de crédito electrónica',
};

/** 'Boleta electrónica N° 123', or the name alone while it has no folio. */
export function documentLabel(clase: ClaseDocumento, folio: number | null): string {
  return folio === null ? NOMBRES_DOCUMENTO[clase] : `${NOMBRES_DOCUMENTO[clase]} N° ${folio}`;
}

export interface IvaBreakdown {
  neto: number;
  iva: number;
  exento: number;
  total: number;
}

/**
 * The neto and IVA contained in an IVA-included total of whole pesos: neto = round(total / 1.19),
 * IVA = total − neto, so neto + IVA is always the total charged (the SII rounds each amount to
 * the peso; a document's IVA is computed on its neto, which is what this gives to within a peso
 * and exactly at the total).
 */
export function ivaBreakdown(total: number, exento = 0): IvaBreakdown {
  const afecto = Math.round(total) - Math.round(exento);
  const neto = Math.round(afecto / (1 + IVA_RATE));
  return { neto, iva: afecto - neto, exento: Math.round(exento), total: Math.round(total) };
}
