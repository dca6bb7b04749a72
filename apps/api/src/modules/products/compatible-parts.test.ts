import type { Compatibles, Componente } from '@nexbyte/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { productos } from './products.schema';
import { createTestApp, type TestContext } from '../../test/test-app';

// GET /productos/{id}/compatibles: 'Compatible con este producto' on a part's page.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const idOf = async (sku: string) => {
  const [row] = await t.app.db
    .select({ id: productos.id })
    .from(productos)
    .where(eq(productos.sku, sku));
  return row!.id;
};

async function compatibles(id: number) {
  const res = await t.app.inject({ method: 'GET', url: `/api/productos/${id}/compatibles` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Compatibles>();
}

const group = (c: Compatibles, tipo: string) => c.grupos.find((g) => g.tipo === tipo)?.productos;
const spec = <T extends Componente['tipo']>(p: { componente?: unknown }) =>
  p.componente as Extract<Componente, { tipo: T }>;

describe('GET /api/productos/{id}/compatibles', () => {
  it('un procesador AM5 trae placas AM5 y refrigeración que sirve para AM5, con stock, las más baratas', async () => {
    const c = await compatibles(await idOf('AMD-R5-7600'));
    expect(c.grupos.map((g) => g.tipo)).toEqual(['PLACA_MADRE', 'REFRIGERACION']);
    const boards = group(c, 'PLACA_MADRE')!;
    expect(boards.length).toBeGreaterThan(0);
    expect(boards.length).toBeLessThanOrEqual(3);
    for (const b of boards) {
      expect(spec<'PLACA_MADRE'>(b).socket).toBe('AM5');
      expect(b.stock).toBeGreaterThan(0);
    }
    const prices = boards.map((b) => b.precio);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    for (const cooler of group(c, 'REFRIGERACION')!) {
      expect(spec<'REFRIGERACION'>(cooler).socketsCompatibles).toContain('AM5');
    }
  });

  it('un gabinete Mini-ITX trae solo placas Mini-ITX y tarjetas que caben', async () => {
    const id = await idOf('CM-NR200P');
    const [row] = await t.app.db
      .select({ componente: productos.componente })
      .from(productos)
      .where(eq(productos.id, id));
    const pcCase = row!.componente as Extract<Componente, { tipo: 'GABINETE' }>;
    const c = await compatibles(id);
    expect(c.grupos.map((g) => g.tipo)).toEqual(['PLACA_MADRE', 'TARJETA_VIDEO', 'REFRIGERACION']);
    for (const b of group(c, 'PLACA_MADRE')!) {
      expect(pcCase.formatos).toContain(spec<'PLACA_MADRE'>(b).formato);
    }
    for (const g of group(c, 'TARJETA_VIDEO')!) {
      expect(spec<'TARJETA_VIDEO'>(g).largoMm).toBeLessThanOrEqual(pcCase.largoGpuMaxMm);
    }
  });

  // Written straight to the database, as another instance would: this instance hears of it by
  // the database's notification, a moment later, and stops offering the part then.
  it('una pieza sin stock no se ofrece', async () => {
    const cpu = await idOf('AMD-R5-7600');
    const boardIds = async () =>
      (group(await compatibles(cpu), 'PLACA_MADRE') ?? []).map((b) => b.id);
    const first = (await boardIds())[0]!;
    await t.app.db.update(productos).set({ stock: 0 }).where(eq(productos.id, first));
    try {
      await vi.waitFor(async () => expect(await boardIds()).not.toContain(first), {
        timeout: 5_000,
      });
    } finally {
      await t.app.db.update(productos).set({ stock: 5 }).where(eq(productos.id, first));
      await vi.waitFor(async () => expect(await boardIds()).toContain(first), { timeout: 5_000 });
    }
  });

  it('un producto que no es componente, o con especificación incompleta, no tiene grupos', async () => {
    const [plain] = await t.app.db
      .select({ id: productos.id })
      .from(productos)
      .where(and(isNull(productos.componente), eq(productos.activo, true)))
      .limit(1);
    expect((await compatibles(plain!.id)).grupos).toEqual([]);
    const cpu = await idOf('AMD-R5-7600');
    const [before] = await t.app.db
      .select({ componente: productos.componente })
      .from(productos)
      .where(eq(productos.id, cpu));
    await t.app.db
      .update(productos)
      .set({ componente: { tipo: 'PROCESADOR', socket: 'AM5' } })
      .where(eq(productos.id, cpu));
    try {
      // Heard by notification, as in the test above.
      await vi.waitFor(async () => expect((await compatibles(cpu)).grupos).toEqual([]), {
        timeout: 5_000,
      });
    } finally {
      await t.app.db
        .update(productos)
        .set({ componente: before!.componente })
        .where(eq(productos.id, cpu));
    }
  });

  it('404 para un producto que no existe o está inactivo', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/productos/999999/compatibles' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Producto no encontrado.' });
    const cpu = await idOf('INT-I5-14400F');
    await t.app.db.update(productos).set({ activo: false }).where(eq(productos.id, cpu));
    try {
      const res = await t.app.inject({ method: 'GET', url: `/api/productos/${cpu}/compatibles` });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.app.db.update(productos).set({ activo: true }).where(eq(productos.id, cpu));
    }
  });
});
