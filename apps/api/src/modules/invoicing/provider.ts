import type { ClaseDocumento } from '@nexbyte/shared';

/** Who issues the document: the shop, as the SII knows it (settings DTE_*). */
export interface Emisor {
  rut: string;
  razonSocial: string;
  giro: string;
  /** Código de actividad económica (SII). */
  acteco: number;
  direccion: string;
  comuna: string;
}

/** Who receives it: a company for a factura; for a boleta the buyer, or the SII's generic RUT. */
export interface Receptor {
  rut: string;
  nombre: string;
  giro: string | null;
  direccion: string | null;
  comuna: string | null;
}

/** One line as charged: unit price IVA included, in whole pesos. */
export interface DocumentLine {
  nombre: string;
  cantidad: number;
  precio: number;
}

/** The document a credit note cancels. */
export interface DocumentReference {
  codigoSii: number;
  folio: number;
  /** YYYY-MM-DD (Chile) of the referenced document. */
  fecha: string;
  razon: string;
}

/** What the shop asks a provider to issue: amounts as charged, IVA included. */
export interface DocumentRequest {
  clase: ClaseDocumento;
  codigoSii: number;
  /** Sent as Idempotency-Key with every attempt: the same document is never issued twice. */
  claveIdempotencia: string;
  /** YYYY-MM-DD, Chile. */
  fecha: string;
  emisor: Emisor;
  receptor: Receptor;
  lineas: DocumentLine[];
  /** Coupon and payment discounts, as one global discount in pesos. */
  descuento: number;
  neto: number;
  iva: number;
  exento: number;
  total: number;
  referencia: DocumentReference | null;
}

export type DocumentPdf = { url: string } | { bytes: Buffer };

export interface IssuedDocument {
  folio: number;
  /** The provider's own id of the document (OpenFactura's TOKEN). */
  proveedorId: string;
  pdf: DocumentPdf | null;
  /** The SII's track id of the submission, when the provider tells it. */
  trackId: string | null;
}

/** Where a document stands at the provider. */
export type DocumentStatus =
  | { estado: 'issued'; document: IssuedDocument }
  /** The provider knows nothing (yet) of it, or cannot be asked with what we have. */
  | { estado: 'unknown' }
  | { estado: 'refused'; motivo: string };

/**
 * A provider that did not answer in time, could not be reached, or refused the document. `timeout`
 * means the outcome is unknown (it may have issued it): the caller asks again before concluding.
 */
export class DteProviderError extends Error {
  constructor(
    readonly reason: 'timeout' | 'unreachable' | 'refused',
    /** The provider's own message when it refused (Spanish), for the admin. */
    readonly providerMessage: string | null = null,
  ) {
    super(`proveedor de documentos: ${reason}${providerMessage ? ` (${providerMessage})` : ''}`);
    this.name = 'DteProviderError';
  }
}

/**
 * One way to issue electronic tax documents (decision 030). OpenFactura implements it; a credit
 * note is an `issue` of class NOTA_CREDITO with a `referencia`.
 */
export interface DteProvider {
  readonly name: string;
  issue(document: DocumentRequest): Promise<IssuedDocument>;
  /** Asks where a document stands without issuing anything. */
  status(ref: { claveIdempotencia: string; proveedorId: string | null }): Promise<DocumentStatus>;
}
