import { configResponseSchema } from '@nexbyte/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';

describe('cuotas sin interés (CUOTAS_SIN_INTERES_MAX)', () => {
  let off: TestContext;
  let twelve: TestContext;
  beforeAll(async () => {
    [off, twelve] = await Promise.all([
      createTestApp(),
      createTestApp({ CUOTAS_SIN_INTERES_MAX: '12' }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([off?.close(), twelve?.close()]);
  });

  it('GET /api/config no ofrece cuotas si la tienda no las configura', async () => {
    const res = await off.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json().pagos.cuotasSinInteresMax).toBe(0);
  });

  it('GET /api/config responde hasta cuántas cuotas sin interés se paga con tarjeta', async () => {
    const res = await twelve.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    const body = configResponseSchema.parse(res.json());
    expect(body.pagos).toMatchObject({
      metodos: ['WEBPAY', 'TRANSFERENCIA'],
      cuotasSinInteresMax: 12,
    });
  });
});
