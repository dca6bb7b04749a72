import { buildDomainSchemas } from '@nexbyte/shared';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pedidos } from '../orders/orders.schema';
import type { ShopEvent } from '../../events';
import { createTestApp, type TestContext } from '../../test/test-app';
import {
  GUEST,
  postOrder,
  productNamed,
  setStatus,
  setStock,
  stockOf,
} from '../orders/orders.fixtures';
import { ShortfallError } from '../products/inventory';
import {
  buyerStep,
  PLACE_ORDER_STEPS,
  stockStep,
  type Checkout,
  type PlaceOrderInput,
} from './place-order';
import { splitAtTransaction, type Step } from './workflow';

let t: TestContext;
let mouse: Awaited<ReturnType<typeof productNamed>>;
const published: ShopEvent[] = [];

beforeAll(async () => {
  t = await createTestApp();
  mouse = await productNamed(t.app.db, 'Mouse Logitech G203 Lightsync');
  await setStock(t.app.db, mouse.id, 50);
  t.app.events.on('pedido.creado', (data) => void published.push({ name: 'pedido.creado', data }));
  t.app.events.on('pedido.pagado', (data) => void published.push({ name: 'pedido.pagado', data }));
});
afterAll(() => t.close());

const orderCount = async () => (await t.app.db.select({ n: count() }).from(pedidos))[0]!.n;

function guestInput(qty = 1, extra: object = {}): PlaceOrderInput {
  const { pedido } = buildDomainSchemas(t.config.allowedEmailDomains);
  const request = pedido.parse({ ...GUEST, items: [{ productoId: mouse.id, qty }], ...extra });
  return { request, user: null };
}

describe('el flujo de compra', () => {
  it('cotiza, toma el stock, crea el pedido y avisa pedido.creado después del commit', async () => {
    const stock = await stockOf(t.app.db, mouse.id);
    published.length = 0;
    const placed = await t.app.checkout.placeOrder(guestInput(2));
    expect(placed).toMatchObject({
      replayed: false,
      numero: expect.stringMatching(/^NB-\d{6}$/),
      acceso: expect.stringMatching(/^[\w-]{43}$/),
    });
    expect(await stockOf(t.app.db, mouse.id)).toBe(stock - 2);
    // A guest's order: the event carries its token to the confirmation e-mail.
    expect(published).toEqual([
      {
        name: 'pedido.creado',
        data: {
          id: placed.id,
          numero: placed.numero,
          de: null,
          a: 'PENDIENTE_PAGO',
          acceso: placed.acceso,
        },
      },
    ]);
  });

  it('devuelve el stock tomado cuando crear el pedido falla después', async () => {
    const stock = await stockOf(t.app.db, mouse.id);
    const orders = await orderCount();
    published.length = 0;
    // A name longer than the column takes: the database refuses the order after the stock step.
    const longName: Step<Checkout> = {
      name: 'comprador',
      async run(ctx) {
        await buyerStep.run(ctx);
        ctx.buyer = { ...ctx.buyer!, nombre: 'x'.repeat(300) };
      },
    };
    const steps = PLACE_ORDER_STEPS.map((s) => (s.name === buyerStep.name ? longName : s));
    await expect(t.app.checkout.placeOrder(guestInput(3), steps)).rejects.toThrow();
    expect(await stockOf(t.app.db, mouse.id)).toBe(stock);
    expect(await orderCount()).toBe(orders);
    expect(published).toEqual([]);
  });

  it('lee el medio de pago, la entrega y el comprador antes de abrir la transacción', async () => {
    const [before] = splitAtTransaction(PLACE_ORDER_STEPS);
    expect(before.map((s) => s.name)).toEqual(['medio de pago', 'entrega', 'comprador']);
    const seen: string[] = [];
    const probe = (name: string, beforeTransaction: boolean): Step<Checkout> => ({
      name,
      beforeTransaction,
      run(ctx) {
        seen.push(`${name}: ${ctx.tx === t.app.db ? 'fuera' : 'dentro'}`);
      },
    });
    const steps = [
      probe('antes', true),
      ...PLACE_ORDER_STEPS.flatMap((s) => (s === stockStep ? [s, probe('después', false)] : [s])),
    ];
    const placed = await t.app.checkout.placeOrder(guestInput(1), steps);
    expect(placed.numero).toMatch(/^NB-\d{6}$/);
    expect(seen).toEqual(['antes: fuera', 'después: dentro']);
  });

  it('un faltante no toma nada ni publica nada', async () => {
    // Fewer units than an order may take, so the shortfall is the stock's.
    await setStock(t.app.db, mouse.id, 5);
    const stock = await stockOf(t.app.db, mouse.id);
    published.length = 0;
    await expect(t.app.checkout.placeOrder(guestInput(stock + 1))).rejects.toBeInstanceOf(
      ShortfallError,
    );
    expect(await stockOf(t.app.db, mouse.id)).toBe(stock);
    expect(published).toEqual([]);
  });

  it('el paso de stock se prueba solo, dentro de una transacción que se deshace', async () => {
    const stock = await stockOf(t.app.db, mouse.id);
    const rollback = new Error('deshacer');
    await expect(
      t.app.db.transaction(async (tx) => {
        const ctx = { tx, input: guestInput(4), events: [] } as unknown as Checkout;
        await stockStep.run(ctx);
        expect(ctx.lines).toEqual([
          {
            productoId: mouse.id,
            nombre: mouse.nombre,
            precio: mouse.precio,
            qty: 4,
            stock: stock - 4,
            // Read with the stock, for the order's parcel (the demo mouse has its measures).
            medidas: {
              pesoKg: Number(mouse.pesoKg),
              largoCm: Number(mouse.largoCm),
              anchoCm: Number(mouse.anchoCm),
              altoCm: Number(mouse.altoCm),
            },
          },
        ]);
        expect(await stockOf(tx, mouse.id)).toBe(stock - 4);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await stockOf(t.app.db, mouse.id)).toBe(stock);
  });

  it('los cambios de estado publican su evento; uno rechazado, ninguno', async () => {
    const created = await postOrder(t, { ...GUEST, items: [{ productoId: mouse.id, qty: 1 }] });
    const { numero } = created.json<{ numero: string }>();
    published.length = 0;
    expect((await setStatus(t, numero, 'ENTREGADO')).statusCode).toBe(409);
    expect(published).toEqual([]);
    expect((await setStatus(t, numero, 'PAGADO')).statusCode).toBe(200);
    expect(published).toMatchObject([
      { name: 'pedido.pagado', data: { numero, de: 'PENDIENTE_PAGO', a: 'PAGADO' } },
    ]);
  });
});

describe('el número de pedido', () => {
  it('lo pone la base de datos: NB- y el id con seis dígitos como mínimo', async () => {
    const numberFor = async (id: number) => {
      await t.app.db.execute(
        sql`select setval(pg_get_serial_sequence('pedidos', 'id'), ${id - 1})`,
      );
      const placed = await t.app.checkout.placeOrder(guestInput());
      const [row] = await t.app.db.select().from(pedidos).where(eq(pedidos.id, placed.id));
      return row!.numero;
    };
    expect(await numberFor(123)).toBe('NB-000123');
    expect(await numberFor(1234567)).toBe('NB-1234567');
  });
});
