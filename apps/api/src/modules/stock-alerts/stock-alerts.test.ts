import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, CLIENT, createTestApp, type TestContext } from '../../test/test-app';
import { mailsTo, tokenInLink } from '../mail/outbox.testing';
import { guestOrder, productNamed, setStatus, setStock } from '../orders/orders.fixtures';
import { saveAsAdmin } from '../products/products.fixtures';

const PUBLIC_URL = 'https://tienda.nexbyte.cl';
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
});
afterAll(() => t.close());

const ask = (productoId: number, correo: string, token?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/alertas-stock',
    headers: token ? bearer(token) : {},
    payload: { productoId, correo },
  });

const unsubscribe = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/alertas-stock/baja', payload: { token } });

/** The admin saves the product with this stock, as the product form does. */
async function restock(id: number, stock: number) {
  const put = await saveAsAdmin(t, id, { stock });
  expect(put.statusCode, put.body).toBe(200);
}

const alertMails = async (to: string) =>
  (await mailsTo(t, to)).filter((m) => m.asunto.startsWith('Llegó '));

async function soldOut(nombre: string) {
  const product = await productNamed(t.app.db, nombre);
  await setStock(t.app.db, product.id, 0);
  return product;
}

describe('Avísame cuando llegue', () => {
  it('un correo, una sola vez, cuando el admin repone el stock; con su enlace para darse de baja', async () => {
    const mouse = await soldOut('Mouse Logitech G203 Lightsync');
    const res = await ask(mouse.id, ' Camila.Rojas@Gmail.com ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Listo. Te avisaremos a camila.rojas@gmail.com cuando llegue.',
    });
    // Asking twice keeps one alert.
    expect((await ask(mouse.id, 'camila.rojas@gmail.com')).statusCode).toBe(200);
    expect(await alertMails('camila.rojas@gmail.com')).toEqual([]);

    await restock(mouse.id, 8);
    const [mail, ...more] = await alertMails('camila.rojas@gmail.com');
    expect(more).toEqual([]);
    expect(mail!.asunto).toBe('Llegó Mouse Logitech G203 Lightsync');
    expect(mail!.texto).toContain(`${PUBLIC_URL}/productos/detalle/${mouse.id}`);
    expect(mail!.texto).toContain(`${PUBLIC_URL}/alertas/baja#`);
    expect(mail!.html).toContain('Ver el producto');
    expect(mail!.html).toMatch(
      /href="https:\/\/tienda\.nexbyte\.cl\/alertas\/baja#[\w.-]+">No quiero más avisos</,
    );

    // Sold out and back again: the alert was spent, nothing more is sent.
    await setStock(t.app.db, mouse.id, 0);
    await restock(mouse.id, 3);
    expect(await alertMails('camila.rojas@gmail.com')).toHaveLength(1);

    // Its link unsubscribes with one call, twice is no error, and a forged one is refused.
    const token = tokenInLink(mail!.texto, '/alertas/baja#');
    expect((await unsubscribe(token)).json()).toEqual({
      message: 'Listo. Ya no te avisaremos cuando lleguen productos.',
    });
    expect((await unsubscribe(token)).statusCode).toBe(200);
    const forged = await unsubscribe(
      `${Buffer.from('otra@gmail.com').toString('base64url')}.${token.split('.')[1]}`,
    );
    expect(forged.statusCode).toBe(404);
    expect(forged.json()).toEqual({
      message: 'El enlace para dejar de recibir avisos no es válido.',
    });
  });

  it('nunca a una dirección dada de baja, ni si se dio de baja con el correo ya encolado; pedirlo otra vez vuelve a funcionar', async () => {
    const first = await soldOut('Teclado mecánico Redragon Kumara K552');
    await ask(first.id, 'ana.perez@gmail.com');
    await ask(first.id, 'tomas.soto@gmail.com');
    await restock(first.id, 5);
    const tokenOf = async (to: string) =>
      tokenInLink((await alertMails(to))[0]!.texto, '/alertas/baja#');
    const anaToken = await tokenOf('ana.perez@gmail.com');
    const tomasToken = await tokenOf('tomas.soto@gmail.com');

    // Both wait for another product. Ana unsubscribes first; Tomás once the restock has
    // enqueued his e-mail, before it goes out.
    const second = await soldOut('Mouse Logitech G203 Lightsync');
    await ask(second.id, 'ana.perez@gmail.com');
    await ask(second.id, 'tomas.soto@gmail.com');
    expect((await unsubscribe(anaToken)).statusCode).toBe(200);
    await restock(second.id, 5);
    expect((await unsubscribe(tomasToken)).statusCode).toBe(200);
    expect(await alertMails('ana.perez@gmail.com')).toHaveLength(1);
    expect(await alertMails('tomas.soto@gmail.com')).toHaveLength(1);

    // Asking again after unsubscribing works.
    await setStock(t.app.db, first.id, 0);
    expect((await ask(first.id, 'ana.perez@gmail.com')).statusCode).toBe(200);
    await restock(first.id, 4);
    const again = await alertMails('ana.perez@gmail.com');
    expect(again.map((m) => m.asunto)).toEqual([`Llegó ${first.nombre}`, `Llegó ${first.nombre}`]);
  });

  it('cuando un pedido cancelado devuelve la última unidad', async () => {
    const product = await productNamed(t.app.db, 'Monitor Samsung 24" IPS 75 Hz');
    await setStock(t.app.db, product.id, 1);
    const order = await guestOrder(t, [{ productoId: product.id, qty: 1 }]);
    await ask(product.id, 'rocio.tapia@gmail.com');
    expect((await setStatus(t, order.numero, 'CANCELADO')).statusCode).toBe(200);
    const mails = await alertMails('rocio.tapia@gmail.com');
    expect(mails.map((m) => m.asunto)).toEqual([`Llegó ${product.nombre}`]);
  });

  it('cuando una importación CSV repone el stock', async () => {
    const product = await soldOut('Mouse Logitech G203 Lightsync');
    await ask(product.id, 'ignacio.vera@gmail.com');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/productos/importar',
      headers: { ...bearer(t.adminToken), 'content-type': 'text/csv' },
      payload: `sku;stock\n${product.sku};6\n`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await alertMails('ignacio.vera@gmail.com')).toHaveLength(1);
  });

  it('con sesión, al correo de la cuenta; con stock, 409; un producto que no existe, 404', async () => {
    const product = await soldOut('Teclado mecánico Redragon Kumara K552');
    const res = await ask(product.id, 'otro@gmail.com', t.clientToken);
    expect(res.json()).toEqual({
      message: `Listo. Te avisaremos a ${CLIENT.correo} cuando llegue.`,
    });
    await restock(product.id, 1);
    expect(await alertMails(CLIENT.correo)).toHaveLength(1);
    expect(await alertMails('otro@gmail.com')).toEqual([]);

    const inStock = await ask(product.id, 'ana@gmail.com');
    expect(inStock.statusCode).toBe(409);
    expect(inStock.json().message).toBe('Este producto ya tiene stock: puedes comprarlo ahora.');
    expect((await ask(999999, 'ana@gmail.com')).statusCode).toBe(404);
    const invalid = await ask(product.id, 'no-es-correo');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors.correo).toBe('Formato de correo inválido.');
  });
});

describe('el límite de los formularios públicos', () => {
  it('pedir avisos sin parar recibe 429, también con enlaces de baja inventados', async () => {
    const limited = await createTestApp({ RATE_LIMIT_FORMS_MAX: '2' });
    try {
      const mouse = await productNamed(limited.app.db, 'Mouse Logitech G203 Lightsync');
      await setStock(limited.app.db, mouse.id, 0);
      const post = (url: string, payload: object) =>
        limited.app.inject({ method: 'POST', url, payload, remoteAddress: '203.0.113.9' });
      const asks = [];
      for (let i = 1; i <= 3; i++) {
        const res = await post('/api/alertas-stock', {
          productoId: mouse.id,
          correo: `a${i}@gmail.com`,
        });
        asks.push(res.statusCode);
      }
      expect(asks).toEqual([200, 200, 429]);
      const outs = [];
      for (let i = 1; i <= 3; i++)
        outs.push((await post('/api/alertas-stock/baja', { token: `x.${i}` })).statusCode);
      expect(outs).toEqual([404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});
