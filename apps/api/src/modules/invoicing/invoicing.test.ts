import type { DocumentoTributario, FilaLibroVentas, PedidoCreado } from '@nexbyte/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDteStandIn, type DteStandIn } from '../../../../../scripts/lib/dte-stand-in.mjs';
import { loadConfig } from '../../config';
import { bearer, createTestApp, PRODUCTION_READY, type TestContext } from '../../test/test-app';
import { mailsTo } from '../mail/outbox.testing';
import { guestOrder, GUEST, productNamed, setStatus } from '../orders/orders.fixtures';
import { documentosTributarios } from './invoicing.schema';

const API_KEY = 'clave-de-prueba-0123456789';
const EMPRESA = {
  rut: '76123456-0',
  razonSocial: 'Soluciones Informáticas Andes SpA',
  giro: 'Servicios informáticos',
  direccion: 'Av. Apoquindo 4500, oficina 1201',
  region: 'Metropolitana de Santiago',
  comuna: 'Las Condes',
};

let standIn: DteStandIn;
let t: TestContext;
let mouseId: number;
let tecladoId: number;

beforeAll(async () => {
  standIn = await startDteStandIn({ apiKey: API_KEY, slowMs: 1_200 });
  t = await createTestApp({
    DTE_API_URL: standIn.url,
    DTE_API_KEY: API_KEY,
    // Shorter than the stand-in's slow answers: a slow answer is a lost one.
    DTE_TIMEOUT_MS: '400',
    DESCUENTO_TRANSFERENCIA_PCT: '5',
  });
  mouseId = (await productNamed(t.app.db, 'Mouse Logitech G203 Lightsync')).id;
  tecladoId = (await productNamed(t.app.db, 'Teclado mecánico Redragon Kumara K552')).id;
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

/** A guest's transfer order of a mouse and a keyboard, with NEX10, shipped to Santiago. */
function order(extra: object = {}): Promise<PedidoCreado> {
  return guestOrder(
    t,
    [
      { productoId: mouseId, qty: 2 },
      { productoId: tecladoId, qty: 1 },
    ],
    { cupon: 'NEX10', ...extra },
  );
}

async function pay(numero: string) {
  const res = await setStatus(t, numero, 'PAGADO');
  expect(res.statusCode, res.body).toBe(200);
}

async function documents(numero: string, headers: Record<string, string> = bearer(t.adminToken)) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/pedidos/${numero}/documentos`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: DocumentoTributario[] }>().items;
}

async function rowOf(numero: string, clase = 'BOLETA') {
  const docs = await documents(numero);
  return docs.find((d) => d.clase === clase)!;
}

const issuedFor = (key: string) => standIn.issued.filter((d) => d.key === key);

describe('boleta y factura al pagarse un pedido', () => {
  it('emite la boleta con cupón, descuento por transferencia y despacho: total exacto, neto e IVA del SII', async () => {
    const placed = await order();
    expect(placed.descuento).toBeGreaterThan(0);
    expect(placed.descuentoPago).toBeGreaterThan(0);
    expect(placed.envio).toBeGreaterThan(0);
    await pay(placed.numero);
    await t.app.jobs.runDue();

    const [boleta] = await documents(placed.numero, { 'pedido-acceso': placed.acceso! });
    const neto = Math.round(placed.total / 1.19);
    expect(boleta).toMatchObject({
      clase: 'BOLETA',
      codigoSii: 39,
      estado: 'EMITIDO',
      total: placed.total,
      neto,
      iva: placed.total - neto,
      exento: 0,
      referenciaFolio: null,
    });
    expect(boleta!.folio).toBeGreaterThan(0);
    expect(boleta!.etiqueta).toBe(`Boleta electrónica N° ${boleta!.folio}`);
    // The buyer does not see the provider's details.
    expect(boleta).not.toHaveProperty('motivo');
    expect(boleta).not.toHaveProperty('proveedorId');
    // The provider was asked for exactly the order's total (it checks lines − discounts = total).
    const [sent] = issuedFor(`${placed.numero}-39`);
    expect(sent).toMatchObject({ tipo: 39, total: placed.total, folio: boleta!.folio });
    const [row] = await t.app.db
      .select()
      .from(documentosTributarios)
      .where(eq(documentosTributarios.id, boleta!.id));
    expect(row!.receptorRut).toBe('7654321-6');

    const pdf = await t.app.inject({ method: 'GET', url: boleta!.pdfUrl! });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/documentos/${boleta!.id}/pdf?token=${'x'.repeat(32)}`,
    });
    expect(forged.statusCode).toBe(404);

    const mails = (await mailsTo(t, GUEST.correo)).filter((m) => m.tipo.startsWith('boleta'));
    expect(mails.map((m) => m.asunto)).toEqual([
      `Tu boleta electrónica N° ${boleta!.folio} del pedido ${placed.numero}`,
    ]);
    expect(mails[0]!.texto).toContain(`/api/documentos/${boleta!.id}/pdf?token=`);
  });

  it('emite la factura a la empresa del pedido con su neto e IVA, por el total cobrado', async () => {
    const placed = await order({
      cupon: undefined,
      documento: { tipo: 'FACTURA', empresa: { ...EMPRESA, rut: '76.123.456-0' } },
    });
    await pay(placed.numero);
    await t.app.jobs.runDue();

    const factura = await rowOf(placed.numero, 'FACTURA');
    const neto = Math.round(placed.total / 1.19);
    expect(factura).toMatchObject({
      codigoSii: 33,
      estado: 'EMITIDO',
      total: placed.total,
      neto,
      iva: placed.total - neto,
    });
    expect(factura.etiqueta).toBe(`Factura electrónica N° ${factura.folio}`);
    expect(issuedFor(`${placed.numero}-33`)).toHaveLength(1);
    const [row] = await t.app.db
      .select()
      .from(documentosTributarios)
      .where(eq(documentosTributarios.id, factura.id));
    expect(row).toMatchObject({ receptorRut: EMPRESA.rut, receptorNombre: EMPRESA.razonSocial });
  });

  it('no emite dos veces cuando la respuesta llegó después del tiempo de espera: un solo folio', async () => {
    standIn.mode = 'slow';
    const placed = await order();
    await pay(placed.numero);
    await t.app.jobs.runDue();
    const pending = await rowOf(placed.numero);
    expect(pending).toMatchObject({
      estado: 'PENDIENTE',
      folio: null,
      intentos: 1,
      motivo: 'El proveedor no respondió a tiempo.',
    });
    // The provider did issue it: its answer was lost on the way back.
    expect(issuedFor(`${placed.numero}-39`)).toHaveLength(1);

    standIn.mode = 'accept';
    const replays = standIn.replays;
    // The job's retry, as the queue runs it once its back-off has passed.
    await t.app.invoicing.issueOnce(pending.id);
    await t.app.invoicing.issueOnce(pending.id);
    const issued = await rowOf(placed.numero);
    const [first] = issuedFor(`${placed.numero}-39`);
    expect(issued).toMatchObject({ estado: 'EMITIDO', folio: first!.folio });
    expect(issuedFor(`${placed.numero}-39`)).toHaveLength(1);
    expect(standIn.replays).toBe(replays + 1);
  });

  it('dos intentos a la vez del mismo documento (dos instancias) dejan un solo folio', async () => {
    standIn.mode = 'down';
    const placed = await order();
    await pay(placed.numero);
    await t.app.jobs.runDue();
    standIn.mode = 'accept';
    const pending = await rowOf(placed.numero);
    expect(pending.estado).toBe('PENDIENTE');
    await Promise.all([
      t.app.invoicing.issueOnce(pending.id),
      t.app.invoicing.issueOnce(pending.id),
    ]);
    expect(await rowOf(placed.numero)).toMatchObject({ estado: 'EMITIDO' });
    expect(issuedFor(`${placed.numero}-39`)).toHaveLength(1);
    const mails = (await mailsTo(t, GUEST.correo)).filter(
      (m) =>
        m.asunto ===
        `Tu boleta electrónica N° ${issuedFor(`${placed.numero}-39`)[0]!.folio} del pedido ${placed.numero}`,
    );
    expect(mails).toHaveLength(1);
  });

  it('muestra al admin el rechazo del proveedor en español y lo emite al reintentar', async () => {
    standIn.mode = 'refuse';
    const placed = await order();
    await pay(placed.numero);
    await t.app.jobs.runDue();
    standIn.mode = 'accept';
    const refused = await rowOf(placed.numero);
    expect(refused).toMatchObject({ estado: 'RECHAZADO', motivo: standIn.refuseMessage });
    const [guestView] = await documents(placed.numero, { 'pedido-acceso': placed.acceso! });
    expect(guestView).not.toHaveProperty('motivo');
    // Refused: not retried by the queue.
    await t.app.jobs.runDue();
    expect((await rowOf(placed.numero)).estado).toBe('RECHAZADO');

    const retry = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/documentos/${refused.id}/reintentar`,
        headers: bearer(t.adminToken),
      });
    const res = await retry();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: refused.id, estado: 'PENDIENTE' });
    const again = await retry();
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Este documento no está rechazado.' });
    await t.app.jobs.runDue();
    expect(await rowOf(placed.numero)).toMatchObject({ estado: 'EMITIDO' });
    expect(issuedFor(`${placed.numero}-39`)).toHaveLength(1);
  });

  it('emite la nota de crédito que anula la boleta al cancelarse el pedido pagado', async () => {
    const placed = await order();
    await pay(placed.numero);
    await t.app.jobs.runDue();
    const boleta = await rowOf(placed.numero);
    const cancel = await setStatus(t, placed.numero, 'CANCELADO');
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await rowOf(placed.numero, 'NOTA_CREDITO')).toMatchObject({ estado: 'PENDIENTE' });
    await t.app.jobs.runDue();

    const docs = await documents(placed.numero);
    expect(docs.find((d) => d.clase === 'BOLETA')).toMatchObject({ estado: 'ANULADO' });
    const nota = docs.find((d) => d.clase === 'NOTA_CREDITO')!;
    expect(nota).toMatchObject({
      codigoSii: 61,
      estado: 'EMITIDO',
      total: placed.total,
      referenciaFolio: boleta.folio,
    });
    expect(issuedFor(`${placed.numero}-61`)).toEqual([
      expect.objectContaining({ tipo: 61, referencia: { tipo: 39, folio: boleta.folio } }),
    ]);
  });

  it('una nota de crédito espera a su boleta pendiente y no deja un hueco', async () => {
    standIn.mode = 'down';
    const placed = await order();
    await pay(placed.numero);
    await t.app.jobs.runDue();
    expect(await setStatus(t, placed.numero, 'CANCELADO')).toHaveProperty('statusCode', 200);
    await t.app.jobs.runDue();
    const waiting = await documents(placed.numero);
    expect(waiting.map((d) => [d.clase, d.estado])).toEqual([
      ['BOLETA', 'PENDIENTE'],
      ['NOTA_CREDITO', 'PENDIENTE'],
    ]);
    expect(waiting[1]!.motivo).toBe('Espera que se emita el documento que anula.');

    standIn.mode = 'accept';
    await expect(t.app.invoicing.issueOnce(waiting[1]!.id)).rejects.toThrow(
      'Espera que se emita el documento que anula.',
    );
    expect((await documents(placed.numero))[1]!.estado).toBe('PENDIENTE');
    await t.app.invoicing.issueOnce(waiting[0]!.id);
    await t.app.invoicing.issueOnce(waiting[1]!.id);
    const done = await documents(placed.numero);
    expect(done.map((d) => [d.clase, d.estado])).toEqual([
      ['BOLETA', 'ANULADO'],
      ['NOTA_CREDITO', 'EMITIDO'],
    ]);
  });

  it('no muestra los documentos de un pedido a quien no puede verlo', async () => {
    const placed = await order();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/pedidos/${placed.numero}/documentos`,
      headers: bearer(t.clientToken),
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('libro de ventas', () => {
  let book: TestContext;
  let dte: DteStandIn;

  beforeAll(async () => {
    dte = await startDteStandIn({ apiKey: API_KEY });
    book = await createTestApp({ DTE_API_URL: dte.url, DTE_API_KEY: API_KEY });
  });
  afterAll(async () => {
    await book.close();
    await dte.close();
  });

  it('suma lo mismo que los pedidos pagados: las notas de crédito restan', async () => {
    const mouse = await productNamed(book.app.db, 'Mouse Logitech G203 Lightsync');
    const placed: PedidoCreado[] = [];
    for (const cupon of ['NEX10', undefined, 'NEX5K']) {
      placed.push(await guestOrder(book, [{ productoId: mouse.id, qty: 1 }], { cupon }));
    }
    for (const p of placed) await setStatus(book, p.numero, 'PAGADO');
    await book.app.jobs.runDue();
    await setStatus(book, placed[1]!.numero, 'CANCELADO');
    await book.app.jobs.runDue();

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format();
    const res = await book.app.inject({
      method: 'GET',
      url: `/api/documentos/libro-ventas?desde=${today}&hasta=${today}`,
      headers: bearer(book.adminToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { items, totales } = res.json<{
      items: FilaLibroVentas[];
      totales: { neto: number; iva: number; total: number };
    }>();
    const paid = [placed[0]!, placed[2]!].reduce((sum, p) => sum + p.total, 0);
    expect(items).toHaveLength(4);
    expect(totales.total).toBe(paid);
    expect(totales.neto + totales.iva).toBe(paid);
    expect(items.at(-1)).toMatchObject({
      codigoSii: 61,
      pedido: placed[1]!.numero,
      rutReceptor: '7.654.321-6',
      referencia: `Boleta electrónica N° ${
        items.find((f) => f.codigoSii === 39 && f.pedido === placed[1]!.numero)!.folio
      }`,
    });

    const csv = await book.app.inject({
      method: 'GET',
      url: `/api/documentos/libro-ventas.csv?desde=${today}&hasta=${today}`,
      headers: bearer(book.adminToken),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('libro-ventas');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Tipo DTE;Tipo documento;Folio;Fecha;RUT receptor;Razón social receptor;Neto;IVA;Exento;Total;Documento referenciado;Pedido',
    );
    expect(lines).toHaveLength(5);
  });

  it('rechaza fechas que no son AAAA-MM-DD', async () => {
    const res = await book.app.inject({
      method: 'GET',
      url: '/api/documentos/libro-ventas?desde=ayer&hasta=hoy',
      headers: bearer(book.adminToken),
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('sin proveedor configurado', () => {
  let off: TestContext;
  beforeAll(async () => {
    off = await createTestApp();
  });
  afterAll(() => off.close());

  it('la tienda vende como antes, sin documentos, y la puesta en marcha lo dice', async () => {
    const mouse = await productNamed(off.app.db, 'Mouse Logitech G203 Lightsync');
    const placed = await guestOrder(off, [{ productoId: mouse.id, qty: 1 }]);
    expect((await setStatus(off, placed.numero, 'PAGADO')).statusCode).toBe(200);
    await off.app.jobs.runDue();
    const res = await off.app.inject({
      method: 'GET',
      url: `/api/pedidos/${placed.numero}/documentos`,
      headers: bearer(off.adminToken),
    });
    expect(res.json()).toEqual({ items: [] });
    const setup = await off.app.inject({
      method: 'GET',
      url: '/api/admin/puesta-en-marcha',
      headers: bearer(off.adminToken),
    });
    expect(setup.json()).toMatchObject({ boletaElectronica: false });
  });

  it('en producción, el arranque avisa que la boleta electrónica no está configurada', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production', LOG_LEVEL: 'warn' });
    try {
      const warnings = prod.logs.filter((line) =>
        line.includes('Boleta electrónica sin configurar'),
      );
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain('DTE_API_URL');
    } finally {
      await prod.close();
    }
  });

  it('producción no arranca con la clave pública de pruebas ni con el emisor de demostración', () => {
    const production = { ...PRODUCTION_READY, NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(64) };
    expect(() =>
      loadConfig({
        ...production,
        DTE_API_URL: 'https://dev-api.haulmer.com',
        DTE_API_KEY: '928e15a2d14d4a6292345f04960f4bd3',
        DTE_RUT_EMISOR: '77.777.777-7',
      }),
    ).toThrow(/DTE_API_KEY/);
    expect(() =>
      loadConfig({
        ...production,
        DTE_API_URL: 'https://api.haulmer.com',
        DTE_API_KEY: 'clave-propia',
      }),
    ).toThrow(/DTE_RUT_EMISOR/);
    const own = loadConfig({
      ...production,
      DTE_API_URL: 'https://api.haulmer.com',
      DTE_API_KEY: 'clave-propia',
      DTE_RUT_EMISOR: '77.777.777-7',
    });
    expect(own.invoicing.provider).toMatchObject({ apiUrl: 'https://api.haulmer.com' });
    expect(own.invoicing.emisor.rut).toBe('77777777-7');
    expect(loadConfig(production).invoicing).toMatchObject({ provider: null });
  });
});
