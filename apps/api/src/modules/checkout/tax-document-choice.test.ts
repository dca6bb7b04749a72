import {
  DOCUMENT_MESSAGES,
  ivaBreakdown,
  ivaIncluded,
  type EmpresaGuardada,
  type Pedido,
  type PedidoCreado,
} from '@nexbyte/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { empresasCliente } from '../invoicing/invoicing.schema';
import { mailsTo } from '../mail/outbox.testing';
import { pedidos } from '../orders/orders.schema';
import { VALID_REGISTRO } from '../../test/payloads';
import { bearer, createTestApp, type TestContext } from '../../test/test-app';
import {
  DELIVERY,
  getOrder,
  GUEST,
  postOrder,
  productNamed,
  quote,
  setStatus,
  setStock,
} from '../orders/orders.fixtures';

let t: TestContext;
let mouse: Awaited<ReturnType<typeof productNamed>>;
let otherToken: string;

const EMPRESA = {
  rut: '76.123.456-0',
  razonSocial: 'Hardware del Sur SpA',
  giro: 'Venta de equipos computacionales',
  direccion: 'Av. Alemania 671',
  region: 'La Araucanía',
  comuna: 'Temuco',
};
const STORED = { ...EMPRESA, rut: '76123456-0' };
const FACTURA = { tipo: 'FACTURA', empresa: EMPRESA };

beforeAll(async () => {
  t = await createTestApp({ ORDER_SWEEP_INTERVAL_SECONDS: '0' });
  mouse = await productNamed(t.app.db, 'Mouse Logitech G203 Lightsync');
  await setStock(t.app.db, mouse.id, 90);
  const reg = await t.app.inject({
    method: 'POST',
    url: '/api/auth/registro',
    payload: VALID_REGISTRO,
  });
  expect(reg.statusCode).toBe(201);
  otherToken = await t.login({ correo: VALID_REGISTRO.correo, pass: VALID_REGISTRO.pass });
});
afterAll(() => t.close());

const items = (qty = 1) => [{ productoId: mouse.id, qty }];

function companies(token: string, method = 'GET', path = '', payload?: object) {
  return t.app.inject({
    method: method as 'GET',
    url: `/api/cuenta/empresas${path}`,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });
}

async function savedCompanies(token: string): Promise<EmpresaGuardada[]> {
  const res = await companies(token);
  expect(res.statusCode).toBe(200);
  return res.json<{ items: EmpresaGuardada[] }>().items;
}

describe('la cotización con boleta o factura', () => {
  it('una factura trae el neto y el IVA del total; una boleta solo el IVA incluido', async () => {
    const request = { items: items(3), cupon: 'NEX10', ...DELIVERY };
    const boleta = await quote(t, request);
    expect(boleta.res.statusCode).toBe(200);
    expect(boleta.body).toMatchObject({
      documento: 'BOLETA',
      neto: null,
      iva: ivaIncluded(boleta.body.total),
    });

    const factura = await quote(t, { ...request, documento: 'FACTURA' });
    const { neto, iva } = ivaBreakdown(factura.body.total);
    // The same prices, IVA included: only the neto is added.
    expect(factura.body).toMatchObject({
      documento: 'FACTURA',
      total: boleta.body.total,
      neto,
      iva,
    });
    expect(neto + iva).toBe(factura.body.total);
  });

  it('un tipo de documento desconocido es un 400 con su mensaje', async () => {
    const { res } = await quote(t, { items: items(), documento: 'TICKET' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: { documento: DOCUMENT_MESSAGES.tipo } });
  });
});

describe('el pedido con factura', () => {
  it('un invitado pide factura: el pedido guarda y responde la empresa, y el correo lo dice', async () => {
    const correo = 'compras.factura@gmail.com';
    const res = await postOrder(t, { ...GUEST, correo, items: items(), documento: FACTURA });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<PedidoCreado>();
    expect(order).toMatchObject({ documentoTipo: 'FACTURA', facturaEmpresa: STORED });

    const read = await getOrder(t, order.numero, { acceso: order.acceso });
    expect(read.json<Pedido>()).toMatchObject({ documentoTipo: 'FACTURA', facturaEmpresa: STORED });
    const admin = await getOrder(t, order.numero, { token: t.adminToken });
    expect(admin.json<Pedido>().facturaEmpresa).toEqual(STORED);

    const [row] = await t.app.db.select().from(pedidos).where(eq(pedidos.numero, order.numero));
    expect(row).toMatchObject({ documentoTipo: 'FACTURA', facturaEmpresa: STORED });

    const [placed] = await mailsTo(t, correo);
    expect(placed!.texto).toContain(
      'Documento: Factura electrónica a Hardware del Sur SpA (RUT 76.123.456-0).',
    );
    expect((await setStatus(t, order.numero, 'PAGADO')).statusCode).toBe(200);
    const mails = await mailsTo(t, correo);
    expect(mails.at(-1)!.texto).toContain('Recibimos tu pago.');
    expect(mails.at(-1)!.texto).toContain('Documento: Factura electrónica a Hardware del Sur SpA');

    // The orders export says it too, for the accountant.
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/pedidos/exportar.csv',
      headers: bearer(t.adminToken),
    });
    const line = csv.body.split('\r\n').find((l) => l.startsWith(order.numero))!;
    expect(line).toContain(';Factura;76.123.456-0;Hardware del Sur SpA;');
  });

  it('sin documento el pedido lleva boleta, y su correo lo dice', async () => {
    const correo = 'boleta.simple@gmail.com';
    const res = await postOrder(t, { ...GUEST, correo, items: items() });
    expect(res.statusCode).toBe(201);
    expect(res.json<Pedido>()).toMatchObject({ documentoTipo: 'BOLETA', facturaEmpresa: null });
    const [placed] = await mailsTo(t, correo);
    expect(placed!.texto).toContain('Documento: Boleta electrónica.');
  });

  it('un RUT inválido es un 400 con el mensaje del RUT, y no se crea nada', async () => {
    const before = await t.app.db.$count(pedidos);
    const wrong = { tipo: 'FACTURA', empresa: { ...EMPRESA, rut: '76.123.456-9' } };
    const res = await postOrder(t, { ...GUEST, items: items(), documento: wrong });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Revisa los datos ingresados.',
      errors: { documento: DOCUMENT_MESSAGES.rut },
    });
    const missing = await postOrder(t, {
      ...GUEST,
      items: items(),
      documento: { tipo: 'FACTURA' },
    });
    expect(missing.statusCode).toBe(400);
    expect(await t.app.db.$count(pedidos)).toBe(before);
  });

  it('el pedido de un cliente guarda la empresa en su cuenta, y la actualiza por RUT', async () => {
    const token = otherToken;
    const first = await postOrder(
      t,
      { ...DELIVERY, items: items(), documento: FACTURA },
      { token },
    );
    expect(first.statusCode, first.body).toBe(201);
    expect(await savedCompanies(token)).toEqual([{ id: expect.any(Number), ...STORED }]);

    // The same RUT written without dots, with a new address: one company, updated.
    const moved = { ...EMPRESA, rut: '761234560', direccion: 'Manuel Montt 1200' };
    const second = await postOrder(
      t,
      { ...DELIVERY, items: items(), documento: { tipo: 'FACTURA', empresa: moved } },
      { token },
    );
    expect(second.statusCode).toBe(201);
    const saved = await savedCompanies(token);
    expect(saved).toEqual([{ id: expect.any(Number), ...STORED, direccion: 'Manuel Montt 1200' }]);
    // The first order keeps the company as it was given then.
    const order = await getOrder(t, first.json<Pedido>().numero, { token });
    expect(order.json<Pedido>().facturaEmpresa!.direccion).toBe(EMPRESA.direccion);
  });

  it('un pedido con boleta no toca las empresas del cliente', async () => {
    const before = await savedCompanies(t.clientToken);
    const res = await postOrder(t, { ...DELIVERY, items: items() }, { token: t.clientToken });
    expect(res.statusCode).toBe(201);
    expect(await savedCompanies(t.clientToken)).toEqual(before);
  });

  it('la misma Idempotency-Key con otra factura es otra compra (422), con la misma se repite', async () => {
    const key = 'factura-clave-0001';
    const body = {
      ...GUEST,
      correo: 'clave.factura@gmail.com',
      items: items(),
      documento: FACTURA,
    };
    const first = await postOrder(t, body, { key });
    expect(first.statusCode).toBe(201);
    const again = await postOrder(t, body, { key });
    expect(again.statusCode).toBe(200);
    expect(again.json<Pedido>().numero).toBe(first.json<Pedido>().numero);
    const other = {
      ...body,
      documento: { tipo: 'FACTURA', empresa: { ...EMPRESA, giro: 'Otro' } },
    };
    expect((await postOrder(t, other, { key })).statusCode).toBe(422);
  });
});

describe('/api/cuenta/empresas', () => {
  const ACME = {
    rut: '77.777.777-7',
    razonSocial: 'Acme Computación Ltda.',
    giro: 'Servicios informáticos',
    direccion: 'Los Leones 456',
    region: 'Metropolitana de Santiago',
    comuna: 'Providencia',
  };

  it('agrega, lista, cambia y borra las empresas propias', async () => {
    const created = await companies(t.clientToken, 'POST', '', ACME);
    expect(created.statusCode, created.body).toBe(201);
    const acme = created.json<EmpresaGuardada>();
    expect(acme).toEqual({ id: expect.any(Number), ...ACME, rut: '77777777-7' });
    expect(await savedCompanies(t.clientToken)).toContainEqual(acme);

    const changed = await companies(t.clientToken, 'PUT', `/${acme.id}`, {
      ...ACME,
      giro: 'Venta de hardware',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ ...acme, giro: 'Venta de hardware' });

    const deleted = await companies(t.clientToken, 'DELETE', `/${acme.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(await savedCompanies(t.clientToken)).not.toContainEqual(
      expect.objectContaining({ id: acme.id }),
    );
  });

  it('un RUT repetido en la misma cuenta es un 409; en otra cuenta no', async () => {
    const first = await companies(t.clientToken, 'POST', '', ACME);
    expect(first.statusCode).toBe(201);
    const twice = await companies(t.clientToken, 'POST', '', { ...ACME, rut: '77777777-7' });
    expect([twice.statusCode, twice.json()]).toEqual([
      409,
      { message: DOCUMENT_MESSAGES.empresaRepetida },
    ]);
    const other = await companies(otherToken, 'POST', '', ACME);
    expect(other.statusCode).toBe(201);

    // Changing another company's RUT to one already saved is the same 409.
    const sur = (await savedCompanies(otherToken)).find((c) => c.rut === '76123456-0')!;
    const clash = await companies(otherToken, 'PUT', `/${sur.id}`, { ...EMPRESA, rut: ACME.rut });
    expect([clash.statusCode, clash.json()]).toEqual([
      409,
      { message: DOCUMENT_MESSAGES.empresaRepetida },
    ]);
  });

  it('la empresa de otra cuenta responde 404 y queda como estaba', async () => {
    const mine = (await savedCompanies(otherToken))[0]!;
    const notFound = { message: DOCUMENT_MESSAGES.empresaNoEncontrada };
    const put = await companies(t.clientToken, 'PUT', `/${mine.id}`, { ...EMPRESA, giro: 'Ajeno' });
    expect([put.statusCode, put.json()]).toEqual([404, notFound]);
    const del = await companies(t.clientToken, 'DELETE', `/${mine.id}`);
    expect([del.statusCode, del.json()]).toEqual([404, notFound]);
    expect(await savedCompanies(t.clientToken)).not.toContainEqual(
      expect.objectContaining({ id: mine.id }),
    );
    const [row] = await t.app.db
      .select()
      .from(empresasCliente)
      .where(eq(empresasCliente.id, mine.id));
    expect(row).toMatchObject({ rut: mine.rut, giro: mine.giro });
  });

  it('valida la empresa con los mensajes compartidos, y pide sesión', async () => {
    const res = await companies(t.clientToken, 'POST', '', { ...ACME, rut: '1-1', giro: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errors: { rut: DOCUMENT_MESSAGES.rut, giro: DOCUMENT_MESSAGES.giro },
    });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/cuenta/empresas' });
    expect(anonymous.statusCode).toBe(401);
  });
});
