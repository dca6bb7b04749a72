import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { getOrder, GUEST, postOrder, productNamed, setStock } from './orders.fixtures';

// Placing orders holds stock and a token opens a guest's order: both go at the pace of the
// public forms. A customer or an admin reading orders does not.
describe('request limits of the orders module', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_FORMS_MAX: '3', ORDER_SWEEP_INTERVAL_SECONDS: '0' });
  });
  afterAll(() => t.close());

  it('places at most RATE_LIMIT_FORMS_MAX orders a minute per client', async () => {
    const mouse = await productNamed(t.app.db, 'Mouse Logitech G203 Lightsync');
    await setStock(t.app.db, mouse.id, 50);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await postOrder(t, { ...GUEST, items: [{ productoId: mouse.id, qty: 1 }] });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it('limits guessing tokens, not an admin (or a customer) reading orders', async () => {
    const guesses = [];
    for (let i = 0; i < 4; i++) {
      guesses.push((await getOrder(t, 'NB-000001', { acceso: `adivinanza-${i}` })).statusCode);
    }
    expect(guesses).toEqual([404, 404, 404, 429]);
    for (let i = 0; i < 6; i++) {
      expect((await getOrder(t, 'NB-000001', { token: t.adminToken })).statusCode).toBe(200);
    }
  });
});
