import type { InvoicingProviderConfig } from '../../config';
import {
  DteProviderError,
  type DocumentRequest,
  type DocumentStatus,
  type DteProvider,
  type IssuedDocument,
} from './provider';

/** What OpenFactura answers to an issue, as far as the shop reads it. */
interface OpenFacturaIssued {
  TOKEN?: string;
  FOLIO?: number | string;
  /** Base64, when asked for with `response: ['PDF']`. */
  PDF?: string;
  TRACKID?: string | number;
}

interface OpenFacturaError {
  error?: { code?: string; message?: string; details?: { field?: string; issue?: string }[] };
}

const ISSUE_PATH = '/v2/dte/document';

/** The provider's error as one Spanish line: its message and, if any, the fields it names. */
function refusalOf(status: number, body: unknown): string {
  const error = (body as OpenFacturaError | null)?.error;
  const details = (error?.details ?? [])
    .map((d) => [d.field, d.issue].filter(Boolean).join(': '))
    .filter(Boolean);
  const message = error?.message?.trim() || `respuesta HTTP ${status}`;
  return [message, ...details].join(' · ').slice(0, 500);
}

/** The SII's fields of the document (OpenFactura takes them as they are in the DTE's XML). */
export function dteOf(document: DocumentRequest) {
  const { emisor, receptor } = document;
  const boleta = document.codigoSii === 39;
  const idDoc = boleta
    ? // 3: venta de bienes y servicios. Boleta amounts are IVA-included by definition.
      { TipoDTE: 39, Folio: 0, FchEmis: document.fecha, IndServicio: 3 }
    : // MntBruto 1: the lines' prices include IVA, as the shop charges them.
      { TipoDTE: document.codigoSii, Folio: 0, FchEmis: document.fecha, MntBruto: 1 };
  const Emisor = boleta
    ? {
        RUTEmisor: emisor.rut,
        RznSocEmisor: emisor.razonSocial,
        GiroEmisor: emisor.giro,
        DirOrigen: emisor.direccion,
        CmnaOrigen: emisor.comuna,
      }
    : {
        RUTEmisor: emisor.rut,
        RznSoc: emisor.razonSocial,
        GiroEmis: emisor.giro,
        Acteco: emisor.acteco,
        DirOrigen: emisor.direccion,
        CmnaOrigen: emisor.comuna,
      };
  const Receptor = {
    RUTRecep: receptor.rut,
    RznSocRecep: receptor.nombre.slice(0, 100),
    ...(receptor.giro ? { GiroRecep: receptor.giro.slice(0, 40) } : {}),
    ...(receptor.direccion ? { DirRecep: receptor.direccion.slice(0, 70) } : {}),
    ...(receptor.comuna ? { CmnaRecep: receptor.comuna.slice(0, 20) } : {}),
  };
  return {
    Encabezado: {
      IdDoc: idDoc,
      Emisor,
      Receptor,
      Totales: {
        MntNeto: document.neto,
        ...(document.exento > 0 ? { MntExe: document.exento } : {}),
        ...(boleta ? {} : { TasaIVA: '19' }),
        IVA: document.iva,
        MntTotal: document.total,
      },
    },
    Detalle: document.lineas.map((l, i) => ({
      NroLinDet: i + 1,
      NmbItem: l.nombre.slice(0, 80),
      QtyItem: l.cantidad,
      PrcItem: l.precio,
      MontoItem: Math.round(l.cantidad * l.precio),
    })),
    ...(document.descuento > 0
      ? {
          DscRcgGlobal: [
            {
              NroLinDR: 1,
              TpoMov: 'D',
              GlosaDR: 'Descuentos del pedido',
              TpoValor: '$',
              ValorDR: document.descuento,
            },
          ],
        }
      : {}),
    ...(document.referencia
      ? {
          Referencia: [
            {
              NroLinRef: 1,
              TpoDocRef: document.referencia.codigoSii,
              FolioRef: document.referencia.folio,
              FchRef: document.referencia.fecha,
              // 1: anula el documento de referencia.
              CodRef: 1,
              RazonRef: document.referencia.razon.slice(0, 90),
            },
          ],
        }
      : {}),
  };
}

function issuedOf(body: OpenFacturaIssued): IssuedDocument {
  const folio = Number(body.FOLIO);
  if (!body.TOKEN || !Number.isInteger(folio) || folio <= 0) {
    throw new DteProviderError('refused', 'respuesta sin folio ni token');
  }
  return {
    folio,
    proveedorId: String(body.TOKEN),
    pdf: body.PDF ? { bytes: Buffer.from(body.PDF, 'base64') } : null,
    trackId: body.TRACKID === undefined || body.TRACKID === null ? null : String(body.TRACKID),
  };
}

/**
 * OpenFactura by Haulmer (decision 030): `POST /v2/dte/document` with the `apikey` header and the
 * document's `Idempotency-Key`. Every call is bounded by DTE_TIMEOUT_MS; a call that ends without
 * an answer is a `timeout` (it may have been issued: the next attempt repeats the key, which the
 * provider answers with the first document).
 */
export function openFacturaProvider(config: InvoicingProviderConfig): DteProvider {
  const call = async (path: string, init: RequestInit, key?: string): Promise<unknown> => {
    let res: Response;
    try {
      res = await fetch(`${config.apiUrl}${path}`, {
        ...init,
        headers: {
          apikey: config.apiKey,
          'content-type': 'application/json',
          accept: 'application/json',
          ...(key ? { 'Idempotency-Key': key } : {}),
        },
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch (err) {
      throw transportError(err);
    }
    let body: unknown = null;
    try {
      body = await res.json();
    } catch (err) {
      if (res.ok) throw transportError(err);
    }
    if (res.ok) return body;
    // Asked too often, or a conflict on the key while the first request runs: try again later.
    if (res.status >= 500 || res.status === 408 || res.status === 409 || res.status === 429) {
      throw new DteProviderError('unreachable', refusalOf(res.status, body));
    }
    throw new DteProviderError('refused', refusalOf(res.status, body));
  };
  return {
    name: 'OpenFactura',
    async issue(document) {
      const body = await call(
        ISSUE_PATH,
        {
          method: 'POST',
          body: JSON.stringify({ response: ['PDF', 'FOLIO'], dte: dteOf(document) }),
        },
        document.claveIdempotencia,
      );
      return issuedOf(body as OpenFacturaIssued);
    },
    async status({ proveedorId }): Promise<DocumentStatus> {
      // OpenFactura is asked by its token; without one (the first answer was lost) it cannot be
      // looked up: the repeated Idempotency-Key of the next issue is what finds it.
      if (!proveedorId) return { estado: 'unknown' };
      try {
        const body = (await call(`${ISSUE_PATH}/${encodeURIComponent(proveedorId)}/status`, {
          method: 'GET',
        })) as OpenFacturaIssued;
        return {
          estado: 'issued',
          document: { ...issuedOf({ ...body, TOKEN: body.TOKEN ?? proveedorId }), pdf: null },
        };
      } catch (err) {
        if (err instanceof DteProviderError && err.reason === 'refused') {
          return { estado: 'unknown' };
        }
        throw err;
      }
    },
  };
}

/** A call that got no answer: timed out or cut (unknown outcome), or never connected. */
function transportError(err: unknown): DteProviderError {
  const e = err as { name?: string; cause?: { code?: string } };
  const code = e.cause?.code ?? '';
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return new DteProviderError('timeout');
  if (/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH/.test(code)) {
    return new DteProviderError('unreachable');
  }
  // Reset or closed after the request went out: the provider may have issued it.
  return new DteProviderError('timeout');
}
