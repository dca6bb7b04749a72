import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  CODIGOS_DTE,
  documentLabel,
  ESTADOS_VENDIDOS,
  formatRun,
  ivaBreakdown,
  NOMBRES_DOCUMENTO,
  type ClaseDocumento,
  type DatosTransferencia,
  type DocumentoTributario,
  type EstadoDocumento,
  type FilaLibroVentas,
} from '@nexbyte/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { EmisorConfig } from '../../config';
import type { Db } from '../../db/client';
import type { OrderFact } from '../../events';
import type { Job, JobQueue, QueuePolicy } from '../jobs/job-queue';
import type { Enqueue } from '../mail/mailer';
import { findOrder, findOrderRow } from '../orders/orders.service';
import {
  countAttempt,
  documentsOfOrder,
  findDocument,
  idempotencyKey,
  insertDocument,
  markIssued,
  moveDocument,
  noteFailure,
  numeroOf,
  saleDocumentOf,
  salesBook,
  type DocumentoRow,
} from './invoicing.repository';
import {
  DteProviderError,
  type DocumentLine,
  type DocumentRequest,
  type DteProvider,
  type IssuedDocument,
} from './provider';

export { countByState, findDocument, numeroOf, type DocumentoRow } from './invoicing.repository';

/** The queue that issues documents, and how it retries a provider that does not answer. */
export const ISSUE_QUEUE = 'emitir-documento';
/**
 * 13 retries, the first 10–20 s after a failure, each next wait twice as long (pg-boss's jitter):
 * about a day and a half in all, so a provider down for hours still gets every document, and one
 * back after a few minutes is tried again within a few more. A refusal is not retried; a document
 * whose retries ran out is RECHAZADO with the last error, for 'Reintentar'.
 */
export const ISSUE_POLICY: QueuePolicy = {
  retryLimit: 13,
  retryDelay: 10,
  retryBackoff: true,
  expireInSeconds: 300,
};
/** Documents a worker takes at once, issued a few side by side. */
const ISSUE_BATCH = 10;
const ISSUE_LANES = 4;

/** The SII's generic receiver of a boleta whose buyer gave no RUN. */
export const RUT_GENERICO = '66666666-6';

export const INVOICING_MESSAGES = {
  notRefused: 'Este documento no está rechazado.',
  notFound: 'Documento no encontrado.',
  off: 'Boleta electrónica sin configurar: faltan DTE_API_URL y DTE_API_KEY.',
  waitingOriginal: 'Espera que se emita el documento que anula.',
  originalVoid: 'El documento que anulaba no llegó a emitirse.',
  cancelledUnissued: 'Pedido cancelado antes de emitir el documento: no se emitirá.',
  exhausted: (last: string) => `No se pudo emitir después de varios intentos: ${last}`,
  unanswered: 'El proveedor no respondió a tiempo.',
  unreachable: 'No se pudo conectar con el proveedor.',
} as const;

const TZ = 'America/Santiago';
/** Today, or a moment, as Chile's calendar says: YYYY-MM-DD. */
const chileDay = (at: Date = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(at);

const pesos = (value: string | number) => Math.round(Number(value));

interface IssueJob {
  documentoId: number;
}

export interface InvoicingOptions {
  db: Db;
  jobs: JobQueue;
  /** Null while invoicing is off. */
  provider: DteProvider | null;
  emisor: EmisorConfig;
  bank: DatosTransferencia;
  /** Signs the PDF links (the server's JWT secret). */
  secret: string;
  log: FastifyBaseLogger;
}

/**
 * The shop's tax documents (decision 030): a PENDIENTE row and its job written in the transaction
 * that marks an order paid (or cancels a documented one), and the job that issues it exactly
 * once through the provider, with the order's lines as charged.
 */
export class Invoicing {
  /** Enqueues the buyer's e-mail of an issued document (set by the plugin, inside a tx). */
  mailIssued: Enqueue<{ documentoId: number }> | null = null;

  constructor(private readonly options: InvoicingOptions) {
    options.jobs.define<IssueJob>(
      ISSUE_QUEUE,
      ISSUE_POLICY,
      (jobs) => this.runJobs(jobs),
      ISSUE_BATCH,
    );
  }

  get on(): boolean {
    return this.options.provider !== null;
  }

  /** 'pedido.pagado': the order's boleta or factura, PENDIENTE, and its job (same transaction). */
  async recordSale(tx: Db, fact: OrderFact): Promise<void> {
    if (!this.on) return;
    const order = await findOrderRow(tx, fact.numero);
    if (!order) return;
    const total = pesos(order.total);
    // Nothing was sold for money (a coupon that covered it all): no document to give.
    if (total <= 0) return;
    const factura = order.documentoTipo === 'FACTURA' && order.facturaEmpresa;
    const clase: ClaseDocumento = factura ? 'FACTURA' : 'BOLETA';
    const empresa = factura ? order.facturaEmpresa : null;
    const amounts = ivaBreakdown(total);
    const row = await insertDocument(tx, {
      pedidoId: order.id,
      clase,
      codigoSii: CODIGOS_DTE[clase],
      claveIdempotencia: idempotencyKey(order.numero, CODIGOS_DTE[clase]),
      receptorRut: empresa ? empresa.rut : (order.clienteRun ?? RUT_GENERICO),
      receptorNombre: empresa ? empresa.razonSocial : order.clienteNombre,
      neto: amounts.neto.toFixed(2),
      iva: amounts.iva.toFixed(2),
      exento: amounts.exento.toFixed(2),
      total: amounts.total.toFixed(2),
    });
    if (row) await this.schedule(tx, row.id);
  }

  /**
   * 'pedido.cancelado' of a sold order: its credit note, PENDIENTE, and its job, in the cancel's
   * transaction. A document the provider refused was never issued: it is voided instead.
   */
  async recordCancellation(tx: Db, fact: OrderFact): Promise<void> {
    if (!fact.de || !(ESTADOS_VENDIDOS as readonly string[]).includes(fact.de)) return;
    const original = await saleDocumentOf(tx, fact.id);
    if (!original || original.estado === 'ANULADO') return;
    if (original.estado === 'RECHAZADO') {
      await moveDocument(
        tx,
        original.id,
        ['RECHAZADO'],
        'ANULADO',
        INVOICING_MESSAGES.cancelledUnissued,
      );
      return;
    }
    const row = await insertDocument(tx, {
      pedidoId: original.pedidoId,
      clase: 'NOTA_CREDITO',
      codigoSii: CODIGOS_DTE.NOTA_CREDITO,
      claveIdempotencia: idempotencyKey(fact.numero, CODIGOS_DTE.NOTA_CREDITO),
      referenciaId: original.id,
      receptorRut: original.receptorRut,
      receptorNombre: original.receptorNombre,
      neto: original.neto,
      iva: original.iva,
      exento: original.exento,
      total: original.total,
    });
    if (row) await this.schedule(tx, row.id);
  }

  private async schedule(tx: Db, documentoId: number): Promise<void> {
    await this.options.jobs.send(tx, ISSUE_QUEUE, { documentoId } satisfies IssueJob);
  }

  /**
   * 'Reintentar' (ADMIN): a RECHAZADO document is PENDIENTE again with a new job, under the same
   * key. Null when there is no such document; false when it is not refused.
   */
  async retry(id: number): Promise<DocumentoRow | false | null> {
    return this.options.db.transaction(async (tx) => {
      const row = await findDocument(tx, id);
      if (!row) return null;
      const moved = await moveDocument(tx, id, ['RECHAZADO'], 'PENDIENTE', row.motivo);
      if (!moved) return false;
      await this.schedule(tx, id);
      return moved;
    });
  }

  /** A batch of jobs, a few side by side; the ones to retry with their errors. */
  private async runJobs(jobs: Job<IssueJob>[]): Promise<Map<string, Error>> {
    const failed = new Map<string, Error>();
    const queue = [...jobs];
    const lane = async () => {
      for (let job = queue.shift(); job; job = queue.shift()) {
        try {
          await this.issueOnce(job.data.documentoId, job.retryCount >= job.retryLimit);
        } catch (err) {
          failed.set(job.id, err instanceof Error ? err : new Error(String(err)));
        }
      }
    };
    await Promise.all(Array.from({ length: ISSUE_LANES }, lane));
    return failed;
  }

  /**
   * One attempt at a document. Throws to be retried (no answer, or a credit note whose document
   * is not issued yet); on the last attempt it records RECHAZADO instead, so nothing waits unseen.
   */
  async issueOnce(documentoId: number, lastAttempt = false): Promise<void> {
    const { db, log } = this.options;
    const doc = await findDocument(db, documentoId);
    if (!doc || doc.estado !== 'PENDIENTE') return;
    const fail = async (motivo: string, err: Error) => {
      if (lastAttempt) {
        await moveDocument(
          db,
          doc.id,
          ['PENDIENTE'],
          'RECHAZADO',
          INVOICING_MESSAGES.exhausted(motivo),
        );
        log.error(
          { documento: doc.claveIdempotencia, motivo },
          'un documento tributario no se pudo emitir: queda para Reintentar',
        );
        return;
      }
      await noteFailure(db, doc.id, motivo);
      throw err;
    };
    const provider = this.options.provider;
    if (!provider) return fail(INVOICING_MESSAGES.off, new Error(INVOICING_MESSAGES.off));
    let reference: DocumentoRow | null = null;
    if (doc.clase === 'NOTA_CREDITO') {
      reference = doc.referenciaId === null ? null : await findDocument(db, doc.referenciaId);
      if (!reference || reference.estado === 'ANULADO') {
        await moveDocument(db, doc.id, ['PENDIENTE'], 'ANULADO', INVOICING_MESSAGES.originalVoid);
        return;
      }
      if (reference.estado !== 'EMITIDO' || reference.folio === null) {
        return fail(
          INVOICING_MESSAGES.waitingOriginal,
          new Error(INVOICING_MESSAGES.waitingOriginal),
        );
      }
    }
    try {
      // A retry first asks where the document stands: an earlier attempt may have issued it
      // and lost the answer.
      if (doc.intentos > 0) {
        const status = await provider.status({
          claveIdempotencia: doc.claveIdempotencia,
          proveedorId: doc.proveedorId,
        });
        if (status.estado === 'issued') return await this.recordIssued(doc, status.document);
        if (status.estado === 'refused') return await this.recordRefused(doc, status.motivo);
      }
      const request = await this.requestOf(doc, reference);
      await countAttempt(db, doc.id);
      const issued = await provider.issue(request);
      await this.recordIssued(doc, issued);
    } catch (err) {
      if (!(err instanceof DteProviderError)) throw err;
      if (err.reason === 'refused') {
        return this.recordRefused(doc, err.providerMessage ?? err.message);
      }
      const motivo =
        err.reason === 'timeout' ? INVOICING_MESSAGES.unanswered : INVOICING_MESSAGES.unreachable;
      log.warn(
        { documento: doc.claveIdempotencia, motivo: err.message },
        'el proveedor de documentos no respondió: se reintentará',
      );
      return fail(err.providerMessage ? `${motivo} ${err.providerMessage}` : motivo, err);
    }
  }

  private async recordIssued(doc: DocumentoRow, issued: IssuedDocument): Promise<void> {
    await this.options.db.transaction(async (tx) => {
      const row = await markIssued(tx, doc.id, issued);
      // Another attempt recorded it first: nothing more to do.
      if (!row) return;
      if (row.clase === 'NOTA_CREDITO' && row.referenciaId !== null) {
        await moveDocument(tx, row.referenciaId, ['EMITIDO'], 'ANULADO', null);
      }
      await this.mailIssued?.(
        tx,
        `${NOMBRES_DOCUMENTO[row.clase as ClaseDocumento].toLowerCase()} ${numeroOf(row.claveIdempotencia)}`,
        { documentoId: row.id },
        `documento-${row.id}`,
      );
    });
    this.options.log.info(
      { documento: doc.claveIdempotencia, folio: issued.folio },
      'documento tributario emitido',
    );
  }

  private async recordRefused(doc: DocumentoRow, motivo: string): Promise<void> {
    await moveDocument(this.options.db, doc.id, ['PENDIENTE'], 'RECHAZADO', motivo);
    this.options.log.warn(
      { documento: doc.claveIdempotencia, motivo },
      'el proveedor rechazó un documento tributario',
    );
  }

  /**
   * The document as the provider is asked for it: the order's lines at their charged prices,
   * shipping as a line, the coupon and the payment discount as one global discount, so that its
   * total is the order's. A credit note repeats its document's and references it.
   */
  private async requestOf(
    doc: DocumentoRow,
    reference: DocumentoRow | null,
  ): Promise<DocumentRequest> {
    const numero = numeroOf(doc.claveIdempotencia);
    const order = await findOrder(this.options.db, numero, {
      bank: this.options.bank,
      showActors: false,
    });
    if (!order) throw new Error(`pedido ${numero} no encontrado para su documento`);
    const row = await findOrderRow(this.options.db, numero);
    const empresa = row?.documentoTipo === 'FACTURA' ? row.facturaEmpresa : null;
    const lineas: DocumentLine[] = order.lineas.map((l) => ({
      nombre: l.nombre,
      cantidad: l.qty,
      precio: pesos(l.precio),
    }));
    if (order.envio > 0) {
      lineas.push({ nombre: 'Despacho', cantidad: 1, precio: pesos(order.envio) });
    }
    const total = pesos(doc.total);
    const gross = lineas.reduce((sum, l) => sum + Math.round(l.cantidad * l.precio), 0);
    return {
      clase: doc.clase as ClaseDocumento,
      codigoSii: doc.codigoSii,
      claveIdempotencia: doc.claveIdempotencia,
      fecha: chileDay(),
      emisor: this.options.emisor,
      receptor: {
        rut: doc.receptorRut,
        nombre: doc.receptorNombre,
        giro: empresa?.giro ?? null,
        direccion: empresa?.direccion ?? null,
        comuna: empresa?.comuna ?? null,
      },
      lineas,
      descuento: gross - total,
      neto: pesos(doc.neto),
      iva: pesos(doc.iva),
      exento: pesos(doc.exento),
      total,
      referencia: reference
        ? {
            codigoSii: reference.codigoSii,
            folio: reference.folio!,
            fecha: chileDay(reference.emitidoAt ?? new Date()),
            razon: `Anula ${documentLabel(reference.clase as ClaseDocumento, reference.folio)}: pedido ${numero} cancelado`,
          }
        : null,
    };
  }

  /** The signature of a document's PDF link: the link opens it without a session. */
  private pdfSignature(id: number): string {
    return createHmac('sha256', this.options.secret)
      .update(`documento-pdf:${id}`)
      .digest('base64url')
      .slice(0, 32);
  }

  pdfPath(id: number): string {
    return `/api/documentos/${id}/pdf?token=${this.pdfSignature(id)}`;
  }

  pdfLinkMatches(id: number, token: string | undefined): boolean {
    if (!token) return false;
    const want = Buffer.from(this.pdfSignature(id));
    const given = Buffer.from(token);
    return want.length === given.length && timingSafeEqual(want, given);
  }

  /** A document's PDF: its bytes and a file name, or the provider's link; null while none. */
  async pdfOf(id: number): Promise<{ bytes: Buffer; filename: string } | { url: string } | null> {
    const row = await findDocument(this.options.db, id);
    if (!row) return null;
    if (row.pdf) {
      const name = row.clase === 'NOTA_CREDITO' ? 'nota-de-credito' : row.clase.toLowerCase();
      return { bytes: row.pdf, filename: `${name}-${row.folio ?? row.id}.pdf` };
    }
    return row.pdfUrl ? { url: row.pdfUrl } : null;
  }

  /** An order's documents as the API answers them; the provider's details for an ADMIN only. */
  async documentsOf(db: Db, pedidoId: number, admin: boolean): Promise<DocumentoTributario[]> {
    const rows = await documentsOfOrder(db, pedidoId);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return rows.map((r) => this.view(r, byId.get(r.referenciaId ?? -1) ?? null, admin));
  }

  async document(id: number, admin: boolean): Promise<DocumentoTributario | null> {
    const row = await findDocument(this.options.db, id);
    if (!row) return null;
    const ref =
      row.referenciaId === null ? null : await findDocument(this.options.db, row.referenciaId);
    return this.view(row, ref, admin);
  }

  view(row: DocumentoRow, reference: DocumentoRow | null, admin: boolean): DocumentoTributario {
    const clase = row.clase as ClaseDocumento;
    return {
      id: row.id,
      clase,
      codigoSii: row.codigoSii,
      estado: row.estado as EstadoDocumento,
      folio: row.folio,
      etiqueta: documentLabel(clase, row.folio),
      pdfUrl: row.pdf || row.pdfUrl ? this.pdfPath(row.id) : null,
      neto: pesos(row.neto),
      iva: pesos(row.iva),
      exento: pesos(row.exento),
      total: pesos(row.total),
      emitidoAt: row.emitidoAt?.toISOString() ?? null,
      referenciaFolio: reference?.folio ?? null,
      ...(admin
        ? {
            motivo: row.motivo,
            intentos: row.intentos,
            proveedorId: row.proveedorId,
            trackId: row.trackId,
          }
        : {}),
    };
  }

  /** The sales register between two days: its rows and totals (credit notes subtract). */
  async salesBook(
    desde: string,
    hasta: string,
  ): Promise<{
    items: FilaLibroVentas[];
    totales: { neto: number; iva: number; exento: number; total: number };
  }> {
    const rows = await salesBook(this.options.db, desde, hasta);
    const totales = { neto: 0, iva: 0, exento: 0, total: 0 };
    const items = rows.map(({ doc, fecha, referencia }): FilaLibroVentas => {
      const clase = doc.clase as ClaseDocumento;
      const sign = clase === 'NOTA_CREDITO' ? -1 : 1;
      const fila = {
        codigoSii: doc.codigoSii,
        tipo: NOMBRES_DOCUMENTO[clase],
        folio: doc.folio!,
        fecha,
        rutReceptor: formatRun(doc.receptorRut),
        nombreReceptor: doc.receptorNombre,
        neto: pesos(doc.neto),
        iva: pesos(doc.iva),
        exento: pesos(doc.exento),
        total: pesos(doc.total),
        referencia: referencia
          ? documentLabel(referencia.clase as ClaseDocumento, referencia.folio)
          : null,
        pedido: numeroOf(doc.claveIdempotencia),
      };
      totales.neto += sign * fila.neto;
      totales.iva += sign * fila.iva;
      totales.exento += sign * fila.exento;
      totales.total += sign * fila.total;
      return fila;
    });
    return { items, totales };
  }
}
