import {
  hoyEnChile,
  TICKET_ACCESS_HEADER,
  type EstadoTicket,
  type SoporteCreado,
  type Ticket,
  type TicketPublico,
  type TipoTicket,
} from '@nexbyte/shared';
import { eq } from 'drizzle-orm';
import { mailsTo, tokenInLink } from '../mail/outbox.testing';
import { productos } from '../products/products.schema';
import { solicitudesSoporte, soporteHistorial } from './support.schema';
import { bearer, type TestContext } from '../../test/test-app';

let serial = 0;
/** A distinct customer e-mail, so each test counts only its own mails. */
export const customerEmail = () => `cliente.soporte.${Date.now()}.${++serial}@gmail.com`;

export const validRequest = (emailCliente = customerEmail()) => ({
  nombreCliente: 'Matías Contreras',
  emailCliente,
  telefonoCliente: '9 4444 5555',
  region: 'La Araucanía',
  comuna: 'Temuco',
  direccion: 'Av. Alemania 0450',
  equipo: 'NOTEBOOK',
  prioridad: 'ALTA',
  serviciosRequeridos: ['Diagnóstico'],
  descripcionProblema: 'El notebook se apaga solo al abrir juegos.',
});

/** The day `days` away from today in Chile (YYYY-MM-DD). */
export function chileDay(days: number): string {
  const today = new Date(`${hoyEnChile()}T12:00:00Z`);
  return new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The token of a tracking URL: its fragment (`/soporte/seguimiento#<token>`). */
export const tokenOf = (url: string) => url.slice(url.indexOf('#') + 1);

/** The link's path in an e-mail, before the token. */
export const TRACKING_LINK = '/soporte/seguimiento#';

/** POST /soporte as a visitor (or with a session): the created ticket and its tracking token. */
export async function createRequest(
  t: TestContext,
  change: object = {},
  token?: string,
): Promise<SoporteCreado & { token: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/soporte',
    payload: { ...validRequest(), ...change },
    headers: token ? bearer(token) : {},
  });
  if (res.statusCode !== 201) throw new Error(`POST /soporte: ${res.statusCode} ${res.body}`);
  const body = res.json<SoporteCreado>();
  return { ...body, token: tokenOf(body.seguimientoUrl) };
}

/** A ticket stored directly in a state, with the history row a ticket starts with. */
export async function insertTicket(
  t: TestContext,
  tipo: TipoTicket,
  estado: EstadoTicket,
  values: Partial<typeof solicitudesSoporte.$inferInsert> = {},
): Promise<number> {
  const [row] = await t.app.db
    .insert(solicitudesSoporte)
    .values({ ...validRequest(), tipo, estado, ...values })
    .returning({ id: solicitudesSoporte.id });
  await t.app.db
    .insert(soporteHistorial)
    .values({ solicitudId: row!.id, estadoAnterior: null, estado, autor: 'Sistema' });
  return row!.id;
}

export const labourLine = {
  tipo: 'SERVICIO',
  servicio: 'Mantención preventiva',
  precioUnitario: 25000,
  cantidad: 1,
} as const;

export function quoteBody(lineas: object[] = [labourLine], change: object = {}) {
  return {
    diagnostico: 'Ventilador obstruido y pasta térmica seca.',
    lineas,
    validaHasta: chileDay(7),
    ...change,
  };
}

export async function postQuote(t: TestContext, id: number, body: object = quoteBody()) {
  return t.app.inject({
    method: 'POST',
    url: `/api/soporte/${id}/cotizacion`,
    headers: bearer(t.adminToken),
    payload: body,
  });
}

export async function moveTo(
  t: TestContext,
  id: number,
  estado: EstadoTicket,
  extra: object = {},
  token = t.adminToken,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/soporte/${id}/estado`,
    headers: bearer(token),
    payload: { estado, ...extra },
  });
}

export async function deskTicket(t: TestContext, id: number): Promise<Ticket> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/soporte/${id}`,
    headers: bearer(t.adminToken),
  });
  return res.json<Ticket>();
}

/** The token of the newest e-mail to `email` with a tracking link: the only one that opens. */
export async function latestToken(t: TestContext, email: string): Promise<string> {
  const mail = (await mailsTo(t, email)).filter((m) => m.texto.includes(TRACKING_LINK)).at(-1);
  if (!mail) throw new Error(`no hay un enlace de seguimiento en los correos a ${email}`);
  return tokenInLink(mail.texto, TRACKING_LINK);
}

/** GET /soporte/seguimiento with the link's token in its header, as the tracking page sends it. */
export const publicView = (t: TestContext, token: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/soporte/seguimiento',
    headers: { [TICKET_ACCESS_HEADER]: token },
  });

export async function publicTicket(t: TestContext, token: string): Promise<TicketPublico> {
  return (await publicView(t, token)).json<TicketPublico>();
}

export const answerQuote = (t: TestContext, token: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/soporte/seguimiento/cotizacion',
    headers: { [TICKET_ACCESS_HEADER]: token },
    payload,
  });

/** An active product with exactly `stock` units, for the parts of a quote. */
export async function productWithStock(t: TestContext, stock: number) {
  const [p] = await t.app.db.select().from(productos).where(eq(productos.activo, true)).limit(1);
  await t.app.db.update(productos).set({ stock }).where(eq(productos.id, p!.id));
  return { id: p!.id, nombre: p!.nombre, precio: Math.round(Number(p!.precio)) };
}

export async function stockOf(t: TestContext, id: number): Promise<number> {
  const [p] = await t.app.db.select().from(productos).where(eq(productos.id, id));
  return p!.stock;
}
