// Tax documents as the API answers them, for the order pages' and the sales book's tests.
import {
  CODIGOS_DTE,
  documentLabel,
  ivaBreakdown,
  type DocumentoTributario,
  type FilaLibroVentas,
} from '@nexbyte/shared';

/** The boleta of buildPaidWebpayOrder ($43.970), issued with folio 123. */
export function buildDocument(overrides: Partial<DocumentoTributario> = {}): DocumentoTributario {
  const clase = overrides.clase ?? 'BOLETA';
  const folio = overrides.folio === undefined ? 123 : overrides.folio;
  return {
    id: 1,
    clase,
    codigoSii: CODIGOS_DTE[clase],
    estado: 'EMITIDO',
    folio,
    etiqueta: documentLabel(clase, folio),
    pdfUrl: folio === null ? null : `/api/documentos/1/pdf?t=firma`,
    ...ivaBreakdown(43970),
    emitidoAt: '2026-11-20T15:36:00.000Z',
    referenciaFolio: null,
    ...overrides,
  };
}

/** A document still waiting for the provider: no folio, no PDF, no date. */
export const pendingDocument = (overrides: Partial<DocumentoTributario> = {}) =>
  buildDocument({ estado: 'PENDIENTE', folio: null, pdfUrl: null, emitidoAt: null, ...overrides });

/** A row of the sales book: the boleta of buildDocument. */
export function buildSalesBookRow(overrides: Partial<FilaLibroVentas> = {}): FilaLibroVentas {
  return {
    codigoSii: 39,
    tipo: 'Boleta electrónica',
    folio: 123,
    fecha: '2026-11-20',
    rutReceptor: '66666666-6',
    nombreReceptor: 'Josefa Muñoz',
    ...ivaBreakdown(43970),
    referencia: null,
    pedido: 'NB-000123',
    ...overrides,
  };
}
