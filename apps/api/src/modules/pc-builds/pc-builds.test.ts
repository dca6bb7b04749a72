import type { Armado, ArmadoRevisado, PasoArmado } from '@nexbyte/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestContext } from '../../test/test-app';
import { guestOrder, productNamed, setStock } from '../orders/orders.fixtures';

let t: TestContext;
const id: Record<string, number> = {};
const PARTS = {
  r5: 'Procesador AMD Ryzen 5 7600',
  i5f: 'Procesador Intel Core i5-14400F',
  b650: 'Placa madre MSI MAG B650 Tomahawk WiFi',
  b760: 'Placa madre MSI PRO B760M-A DDR4 II',
  ddr5: 'Memoria RAM G.Skill Flare X5 32 GB DDR5 6000',
  ddr4: 'Memoria RAM Crucial 16 GB DDR4 3200',
  gpu: 'Tarjeta de video Zotac RTX 4070 Super Twin Edge 12 GB',
  ssd: 'SSD Kingston NV2 1 TB NVMe',
  psu: 'Fuente de poder Corsair RM750e 750 W Gold',
  psuSinStock: 'Fuente de poder be quiet! Pure Power 12 M 1000 W',
  caja: 'Gabinete Lian Li Lancool 216',
  cooler: 'Cooler CPU Thermalright Peerless Assassin 120 SE',
  mouse: 'Mouse Logitech G203 Lightsync',
} as const;

beforeAll(async () => {
  t = await createTestApp();
  for (const [key, nombre] of Object.entries(PARTS))
    id[key] = (await productNamed(t.app.db, nombre)).id;
});
afterAll(() => t.close());

const step = async (tipo: string, query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/armados/pasos/${tipo}${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PasoArmado>();
};
const names = (list: { nombre: string }[]) => list.map((p) => p.nombre);

describe('GET /armados/pasos/:tipo', () => {
  it('lista solo procesadores activos con stock, del más barato al más caro', async () => {
    const paso = await step('PROCESADOR');
    expect(paso.compatibles.length).toBeGreaterThan(3);
    expect(paso.compatibles.every((p) => p.componente?.tipo === 'PROCESADOR')).toBe(true);
    expect(paso.compatibles.every((p) => p.activo && p.stock > 0)).toBe(true);
    const precios = paso.compatibles.map((p) => p.precio);
    expect(precios).toEqual([...precios].sort((a, b) => a - b));
    expect(paso.incompatibles).toEqual([]);
    expect(paso.totalCompatibles).toBe(paso.compatibles.length);
  });

  it('con una placa AM5 elegida deja fuera los procesadores Intel y explica por qué', async () => {
    const paso = await step('PROCESADOR', `?piezas=${id.b650}&incompatibles=1`);
    expect(names(paso.compatibles)).toContain(PARTS.r5);
    expect(names(paso.compatibles)).not.toContain(PARTS.i5f);
    const i5 = paso.incompatibles.find((i) => i.producto.nombre === PARTS.i5f);
    expect(i5?.motivos).toEqual(['Socket LGA1700, tu placa es AM5']);
    expect(paso.totalIncompatibles).toBe(paso.incompatibles.length);
  });

  it('sin incompatibles=1 solo los cuenta', async () => {
    const paso = await step('MEMORIA', `?piezas=${id.b650}`);
    expect(names(paso.compatibles)).toContain(PARTS.ddr5);
    expect(names(paso.compatibles)).not.toContain(PARTS.ddr4);
    expect(paso.incompatibles).toEqual([]);
    expect(paso.totalIncompatibles).toBeGreaterThan(0);
  });

  it('la pieza del mismo paso ya elegida no cuenta: la nueva toma su lugar', async () => {
    const paso = await step('PROCESADOR', `?piezas=${id.i5f},${id.b650}`);
    expect(names(paso.compatibles)).toContain(PARTS.r5);
  });

  it('una pieza sin stock no aparece en ninguna lista', async () => {
    const paso = await step('FUENTE', '?incompatibles=1');
    const all = [...names(paso.compatibles), ...paso.incompatibles.map((i) => i.producto.nombre)];
    expect(all).toContain(PARTS.psu);
    expect(all).not.toContain(PARTS.psuSinStock);
  });

  it('una pieza que el admin deja de vender sale del paso en seguida, y vuelve al reactivarla', async () => {
    const listed = async () => {
      const paso = await step('PROCESADOR', `?piezas=${id.b650}`);
      const compat = await t.app.inject({
        method: 'GET',
        url: `/api/productos/${id.b650}/compatibles`,
      });
      expect(compat.statusCode, compat.body).toBe(200);
      const grupos = compat.json<{ grupos: { productos: { id: number }[] }[] }>().grupos;
      return {
        paso: paso.compatibles.some((p) => p.id === id.r5),
        pagina: grupos.some((g) => g.productos.some((p) => p.id === id.r5)),
      };
    };
    expect(await listed()).toEqual({ paso: true, pagina: true });
    const toggle = (accion: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/productos/${id.r5}/${accion}`,
        headers: bearer(t.adminToken),
      });
    expect((await toggle('desactivar')).statusCode).toBe(200);
    expect(await listed()).toEqual({ paso: false, pagina: false });
    expect((await toggle('activar')).statusCode).toBe(200);
    expect(await listed()).toEqual({ paso: true, pagina: true });
  });

  it('tras una compra, el paso muestra el stock que quedó', async () => {
    const fuente = async (query: string) => {
      const paso = await step('FUENTE', query);
      return paso.compatibles.find((p) => p.id === id.psu)!;
    };
    const before = await fuente('');
    await guestOrder(t, [{ productoId: id.psu, qty: 1 }]);
    // Another address, so the answer kept before the order cannot be the one read.
    expect((await fuente('?limite=40')).stock).toBe(before.stock - 1);
  });

  it('limite acota cada lista sin cambiar los totales', async () => {
    const paso = await step('PROCESADOR', '?limite=2');
    expect(paso.compatibles).toHaveLength(2);
    expect(paso.totalCompatibles).toBeGreaterThan(2);
  });

  it('un tipo desconocido o piezas mal escritas responden 400 en español', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/armados/pasos/TECLADO' });
    expect(bad.statusCode).toBe(400);
    const ids = await t.app.inject({
      method: 'GET',
      url: '/api/armados/pasos/PROCESADOR?piezas=1;drop',
    });
    expect(ids.statusCode).toBe(400);
    expect(ids.json<{ message: string }>().message).toBe('La solicitud no es válida.');
  });
});

const revision = (piezas: number[]) =>
  t.app.inject({ method: 'POST', url: '/api/armados/revision', payload: { piezas } });

describe('POST /armados/revision: el servidor revisa el armado antes del carrito', () => {
  it('un armado compatible responde sus piezas, el total y la fuente recomendada', async () => {
    const piezas = [id.r5!, id.b650!, id.ddr5!, id.gpu!, id.ssd!, id.psu!, id.caja!, id.cooler!];
    const res = await revision(piezas);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ArmadoRevisado>();
    expect(body.piezas.map((p) => p.id)).toEqual(piezas);
    expect(body.total).toBe(body.piezas.reduce((s, p) => s + p.precio, 0));
    expect(body.revision.incompatibilidades).toEqual([]);
    expect(body.revision.consumoEstimadoW).toBeGreaterThan(0);
    expect(body.revision.fuenteRecomendadaW).toBeGreaterThan(body.revision.consumoEstimadoW);
  });

  it('un par incompatible se rechaza con 409 y la frase de cada par', async () => {
    const res = await revision([id.r5!, id.b760!]);
    expect(res.statusCode).toBe(409);
    const body = res.json<{ message: string; incompatibilidades: { mensaje: string }[] }>();
    expect(body.message).toBe(
      'Tu armado tiene piezas incompatibles: El procesador es AM5 y la placa madre LGA1700.',
    );
    expect(body.incompatibilidades.map((i) => i.mensaje)).toEqual([
      'El procesador es AM5 y la placa madre LGA1700.',
    ]);
  });

  it('lo que no es una pieza, lo que no está a la venta o no tiene stock: 422', async () => {
    const mouse = await revision([id.r5!, id.mouse!]);
    expect(mouse.statusCode).toBe(422);
    expect(mouse.json<{ message: string }>().message).toBe(
      `${PARTS.mouse} no es una pieza de Arma tu PC.`,
    );
    const sinStock = await revision([id.psuSinStock!]);
    expect(sinStock.statusCode).toBe(422);
    expect(sinStock.json<{ message: string }>().message).toBe(
      `${PARTS.psuSinStock} no tiene stock suficiente.`,
    );
    const unknown = await revision([2_000_000]);
    expect(unknown.statusCode).toBe(422);
  });

  it('un cuerpo sin piezas es un 400 con el mensaje del campo', async () => {
    const res = await revision([]);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string> }>().errors.piezas).toBe(
      'Elige al menos una pieza.',
    );
  });
});

const save = (piezas: number[], token?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/armados',
    payload: { piezas },
    headers: token ? bearer(token) : {},
  });

describe('armados guardados: enlace, cuenta y recomendados', () => {
  it('guardar da un código imposible de adivinar que abre el armado sin sesión', async () => {
    const first = await save([id.r5!, id.b650!]);
    const second = await save([id.r5!, id.b650!]);
    expect(first.statusCode, first.body).toBe(201);
    const a = first.json<Armado>();
    const b = second.json<Armado>();
    expect(a.codigo).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(b.codigo).not.toBe(a.codigo);
    const open = await t.app.inject({ method: 'GET', url: `/api/armados/${a.codigo}` });
    expect(open.statusCode).toBe(200);
    const armado = open.json<Armado>();
    expect(names(armado.piezas)).toEqual([PARTS.r5, PARTS.b650]);
    expect(armado.total).toBe(armado.piezas[0]!.precio + armado.piezas[1]!.precio);
    expect(armado.titulo).toBeNull();
    const missing = await t.app.inject({ method: 'GET', url: '/api/armados/NoExisteEsteCodigo' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ message: string }>().message).toBe('No encontramos ese armado.');
  });

  it('no se guarda un armado incompatible', async () => {
    const res = await save([id.r5!, id.b760!]);
    expect(res.statusCode).toBe(409);
  });

  it('una pieza que deja de venderse se cuenta aparte, sin precio en el total', async () => {
    const saved = (await save([id.r5!, id.cooler!])).json<Armado>();
    await setStock(t.app.db, id.cooler!, 16, false);
    try {
      const res = await t.app.inject({ method: 'GET', url: `/api/armados/${saved.codigo}` });
      const armado = res.json<Armado>();
      expect(names(armado.piezas)).toEqual([PARTS.r5]);
      expect(armado.piezasNoDisponibles).toBe(1);
      expect(armado.total).toBe(armado.piezas[0]!.precio);
    } finally {
      await setStock(t.app.db, id.cooler!, 16, true);
    }
  });

  it('Mis armados: cada cliente ve y borra solo los suyos', async () => {
    const mine = (await save([id.i5f!, id.b760!, id.ddr4!], t.clientToken)).json<Armado>();
    const anonymous = (await save([id.ssd!])).json<Armado>();
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/cuenta/armados',
      headers: bearer(t.clientToken),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json<Armado[]>().map((a) => a.codigo)).toEqual([mine.codigo]);
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.headers['cache-control']).toBe('no-store');

    const others = await t.app.inject({
      method: 'GET',
      url: '/api/cuenta/armados',
      headers: bearer(t.adminToken),
    });
    expect(others.json<Armado[]>()).toEqual([]);

    const del = (codigo: string, token: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/cuenta/armados/${codigo}`,
        headers: bearer(token),
      });
    // Read once, so the catalogue cache holds its page: deleting it must clear that too.
    const before = await t.app.inject({ method: 'GET', url: `/api/armados/${mine.codigo}` });
    expect(before.statusCode).toBe(200);
    expect((await del(mine.codigo, t.adminToken)).statusCode).toBe(404);
    expect((await del(anonymous.codigo, t.clientToken)).statusCode).toBe(404);
    expect((await del(mine.codigo, t.clientToken)).statusCode).toBe(204);
    const gone = await t.app.inject({ method: 'GET', url: `/api/armados/${mine.codigo}` });
    expect(gone.statusCode).toBe(404);
  });

  it('solo el ADMIN publica un armado recomendado, con título; la lista pública lo muestra', async () => {
    const saved = (await save([id.r5!, id.b650!, id.ddr5!])).json<Armado>();
    const url = `/api/armados/${saved.codigo}/recomendado`;
    const payload = { titulo: 'PC gamer hasta $800.000' };
    const asClient = await t.app.inject({
      method: 'PUT',
      url,
      payload,
      headers: bearer(t.clientToken),
    });
    expect(asClient.statusCode).toBe(403);
    const before = await t.app.inject({ method: 'GET', url: '/api/armados/recomendados' });
    expect(before.json<Armado[]>()).toEqual([]);

    const short = await t.app.inject({
      method: 'PUT',
      url,
      payload: { titulo: 'PC' },
      headers: bearer(t.adminToken),
    });
    expect(short.statusCode).toBe(400);
    const res = await t.app.inject({ method: 'PUT', url, payload, headers: bearer(t.adminToken) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Armado>().titulo).toBe('PC gamer hasta $800.000');

    const after = await t.app.inject({ method: 'GET', url: '/api/armados/recomendados' });
    expect(after.json<Armado[]>().map((a) => [a.codigo, a.titulo])).toEqual([
      [saved.codigo, 'PC gamer hasta $800.000'],
    ]);
    const shared = await t.app.inject({ method: 'GET', url: `/api/armados/${saved.codigo}` });
    expect(shared.json<Armado>().titulo).toBe('PC gamer hasta $800.000');

    const withdraw = await t.app.inject({
      method: 'DELETE',
      url,
      headers: bearer(t.adminToken),
    });
    expect(withdraw.statusCode).toBe(200);
    const empty = await t.app.inject({ method: 'GET', url: '/api/armados/recomendados' });
    expect(empty.json<Armado[]>()).toEqual([]);
  });
});
