import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { mailsTo } from '../mail/outbox.testing';
import { guestOrder, productNamed, setStatus, setStock } from '../orders/orders.fixtures';

const SHOP = 'duena@nexbyte.cl';
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ SHOP_EMAIL: SHOP, PUBLIC_URL: 'https://tienda.nexbyte.cl' });
});
afterAll(() => t.close());

/** The owner's e-mails whose subject matches, oldest first. */
async function ownerMails(subject: RegExp) {
  return (await mailsTo(t, SHOP)).filter((m) => subject.test(m.asunto));
}

describe('la tienda recibe un correo en SHOP_EMAIL', () => {
  it('por un pedido nuevo, con parte HTML y de texto, el nombre de la tienda y el enlace al admin', async () => {
    const mouse = await productNamed(t.app.db, 'Mouse Logitech G203 Lightsync');
    const order = await guestOrder(t, [{ productoId: mouse.id, qty: 1 }]);
    const [mail] = await ownerMails(new RegExp(`^Nuevo pedido ${order.numero} por \\$`));
    expect(mail).toBeDefined();
    expect(mail!.texto).toContain('Josefa Muñoz');
    expect(mail!.texto).toContain('1 × Mouse Logitech G203 Lightsync');
    expect(mail!.texto).toContain(`https://tienda.nexbyte.cl/admin/pedidos/${order.numero}`);
    expect(mail!.texto).toContain('Nexbyte — Tecnología y mantención de PC');
    expect(mail!.html).toMatch(/^<!DOCTYPE html/);
    expect(mail!.html).toContain(`href="https://tienda.nexbyte.cl/admin/pedidos/${order.numero}"`);
    expect(mail!.html).toContain('Nexbyte');
  });

  it('por un pago y por una cancelación', async () => {
    const mouse = await productNamed(t.app.db, 'Mouse Logitech G203 Lightsync');
    const paid = await guestOrder(t, [{ productoId: mouse.id, qty: 1 }]);
    expect((await setStatus(t, paid.numero, 'PAGADO')).statusCode).toBe(200);
    const cancelled = await guestOrder(t, [{ productoId: mouse.id, qty: 1 }]);
    expect((await setStatus(t, cancelled.numero, 'CANCELADO')).statusCode).toBe(200);
    expect(await ownerMails(new RegExp(`^Pedido ${paid.numero} pagado`))).toHaveLength(1);
    const [gone] = await ownerMails(new RegExp(`^Pedido ${cancelled.numero} cancelado$`));
    expect(gone!.texto).toContain('volvieron al stock');
  });

  it('por un mensaje de contacto, con lo escrito escapado en el HTML', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contactos',
      payload: {
        nombre: 'Rocío Tapia',
        email: 'rocio.tapia@gmail.com',
        mensaje: '¿Arman PC a pedido? <script>alert(1)</script>',
      },
    });
    expect(res.statusCode).toBe(201);
    const [mail] = await ownerMails(/^Nuevo mensaje de contacto de Rocío Tapia$/);
    expect(mail!.texto).toContain('> ¿Arman PC a pedido? <script>alert(1)</script>');
    expect(mail!.texto).toContain('https://tienda.nexbyte.cl/admin/contacto');
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).toContain('&lt;script&gt;');
  });

  it('no por un mensaje que atrapó el honeypot', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/contactos',
      payload: { nombre: 'Bot', email: 'bot@gmail.com', mensaje: 'spam', empresa: 'x' },
    });
    expect(await ownerMails(/de Bot$/)).toEqual([]);
  });

  it('por una solicitud de soporte', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/soporte',
      payload: {
        nombreCliente: 'Matías Contreras',
        emailCliente: 'matias.contreras@duoc.cl',
        telefonoCliente: '9 4444 5555',
        region: 'La Araucanía',
        comuna: 'Temuco',
        equipo: 'PC_ESCRITORIO',
        prioridad: 'ALTA',
        serviciosRequeridos: ['Diagnóstico'],
        descripcionProblema: 'El PC hace tres pitidos al encender.',
      },
    });
    expect(res.statusCode).toBe(201);
    const [mail] = await ownerMails(/^Nueva solicitud de soporte \(ALTA\) de Matías Contreras$/);
    expect(mail!.texto).toContain('Equipo: PC de escritorio');
    expect(mail!.texto).toContain('> El PC hace tres pitidos al encender.');
    expect(mail!.texto).toContain('https://tienda.nexbyte.cl/admin/soporte');
  });

  it('cuando una venta deja un producto en el stock bajo: una vez por cruce, y otra tras reponer', async () => {
    const ssd = await productNamed(t.app.db, 'SSD Kingston NV2 1 TB NVMe');
    await setStock(t.app.db, ssd.id, 7);
    const lowMails = () => ownerMails(/^Stock bajo: SSD Kingston NV2 1 TB NVMe/);
    await guestOrder(t, [{ productoId: ssd.id, qty: 1 }]); // 7 → 6: above the line
    expect(await lowMails()).toHaveLength(0);
    await guestOrder(t, [{ productoId: ssd.id, qty: 1 }]); // 6 → 5: crosses it
    const [first] = await lowMails();
    expect(first!.asunto).toBe('Stock bajo: SSD Kingston NV2 1 TB NVMe (quedan 5)');
    expect(first!.texto).toContain(`https://tienda.nexbyte.cl/admin/productos/editar/${ssd.id}`);
    await guestOrder(t, [{ productoId: ssd.id, qty: 2 }]); // 5 → 3: still below, no news
    expect(await lowMails()).toHaveLength(1);
    await setStock(t.app.db, ssd.id, 9); // restocked above the line
    await guestOrder(t, [{ productoId: ssd.id, qty: 4 }]); // 9 → 5: crosses again
    expect(await lowMails()).toHaveLength(2);
  });
});

describe('sin SHOP_EMAIL', () => {
  let quiet: TestContext;
  beforeAll(async () => {
    quiet = await createTestApp({ SHOP_EMAIL: '' });
  });
  afterAll(() => quiet.close());

  it('la tienda no recibe avisos; el cliente sí recibe los suyos', async () => {
    const mouse = await productNamed(quiet.app.db, 'Mouse Logitech G203 Lightsync');
    await guestOrder(quiet, [{ productoId: mouse.id, qty: 1 }]);
    expect(await mailsTo(quiet, 'tienda@nexbyte.cl')).toEqual([]);
    expect(await mailsTo(quiet, 'josefa.munoz@gmail.com')).toHaveLength(1);
  });
});
