import type { PedidoCreado } from '@nexbyte/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';
import { startWebpayStandIn, type WebpayStandIn } from '../../test/webpay-stand-in';
import { GUEST, productNamed, setStock } from '../orders/orders.fixtures';

const INTEGRATION_KEY = '579B532A7440BB0C9079DED94D31EA1615BACEB56610332264630D42D0A36B1C';

/** An app whose log lines are kept, on a fresh database. */
async function loggedApp(env: Record<string, string>) {
  const t = await createTestApp({ LOG_LEVEL: 'info', ...env });
  return { app: t.app, lines: t.logs, close: t.close };
}

describe('los registros de pagos', () => {
  let webpay: WebpayStandIn;
  let shop: Awaited<ReturnType<typeof loggedApp>>;
  beforeAll(async () => {
    webpay = await startWebpayStandIn();
    shop = await loggedApp({ WEBPAY_API_URL: webpay.url, WEBPAY_TIMEOUT_MS: '300' });
  });
  afterAll(async () => {
    await shop?.close();
    await webpay?.close();
  });

  it('no guardan el token de Webpay (formulario o query) ni la clave del comercio', async () => {
    const mouse = await productNamed(shop.app.db, 'Mouse Logitech G203 Lightsync');
    await setStock(shop.app.db, mouse.id, 20);
    const tokens: string[] = [];
    for (const via of ['form', 'query'] as const) {
      const res = await shop.app.inject({
        method: 'POST',
        url: '/api/pedidos',
        payload: { ...GUEST, items: [{ productoId: mouse.id, qty: 1 }], metodoPago: 'WEBPAY' },
      });
      const { pago } = res.json<PedidoCreado>();
      tokens.push(pago!.token);
      webpay.setOutcome(pago!.token, 'authorized');
      const back =
        via === 'form'
          ? await shop.app.inject({
              method: 'POST',
              url: '/api/pagos/webpay/retorno',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              payload: `token_ws=${pago!.token}`,
            })
          : await shop.app.inject({
              method: 'GET',
              url: `/api/pagos/webpay/retorno?token_ws=${pago!.token}`,
            });
      expect(back.headers.location).toMatch(/\?pago=aprobado$/);
    }
    const log = shop.lines.join('');
    expect(log).toContain('/api/pagos/webpay/retorno?token_ws=***');
    for (const token of tokens) expect(log).not.toContain(token);
    expect(log).not.toContain(INTEGRATION_KEY);
  });
});

describe('Webpay apagado al arrancar', () => {
  it('lo dice en una línea del registro, sin la clave', async () => {
    const shop = await loggedApp({
      WEBPAY_ENV: 'produccion',
      WEBPAY_COMMERCE_CODE: '597055555532',
      WEBPAY_API_KEY: INTEGRATION_KEY,
    });
    try {
      const said = shop.lines.filter((l) => l.includes('Webpay no se ofrece'));
      expect(said).toHaveLength(1);
      expect(said[0]).toContain('credenciales son las públicas de integración');
      expect(shop.lines.join('')).not.toContain(INTEGRATION_KEY);
    } finally {
      await shop.close();
    }
  });
});
