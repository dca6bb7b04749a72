import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productos } from '../modules/products/products.schema';
import { MESSAGES } from '../http-errors';
import { bearer, createTestApp, VENDOR, vendorToken, type TestContext } from './test-app';

/**
 * Who may call each route (decision 018):
 * - public: anyone, no token needed;
 * - user: any logged-in account (its own data);
 * - staff: ADMIN or VENDOR (catalogue, orders, the repair desk);
 * - admin: ADMIN only (users, contact messages, newsletter list, shipping prices, coupons).
 */
type Access = 'public' | 'user' | 'staff' | 'admin';

/**
 * Every route the app answers under /api and /imagenes, by method and template. The test reads
 * the app's own route table, so a new route without a line here fails it.
 */
const ACCESS: Record<string, Access> = {
  'GET /api/docs': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'GET /api/docs*': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/salud': 'public',
  'GET /api/config': 'public',

  'POST /api/auth/login': 'public',
  'POST /api/auth/login/totp': 'public',
  'POST /api/auth/login/totp/enrolar': 'public',
  'POST /api/auth/login/totp/confirmar': 'public',
  'POST /api/auth/logout': 'user',
  'POST /api/auth/registro': 'public',
  'POST /api/auth/recuperar': 'public',
  'POST /api/auth/restablecer': 'public',

  'GET /api/cuenta': 'user',
  'PUT /api/cuenta': 'user',
  'PUT /api/cuenta/password': 'user',
  'GET /api/cuenta/sesiones': 'user',
  'DELETE /api/cuenta/sesiones/:id': 'user',
  'POST /api/cuenta/sesiones/cerrar-todas': 'user',
  'GET /api/cuenta/totp': 'user',
  'POST /api/cuenta/totp': 'staff',
  'POST /api/cuenta/totp/confirmar': 'staff',
  'POST /api/cuenta/totp/desactivar': 'user',
  'GET /api/cuenta/empresas': 'user',
  'POST /api/cuenta/empresas': 'user',
  'PUT /api/cuenta/empresas/:id': 'user',
  'DELETE /api/cuenta/empresas/:id': 'user',
  'GET /api/cuenta/armados': 'user',
  'DELETE /api/cuenta/armados/:codigo': 'user',

  'GET /api/productos': 'public',
  'POST /api/productos': 'staff',
  'GET /api/productos/facetas': 'public',
  'GET /api/productos/sugerencias': 'public',
  'GET /api/productos/exportar.csv': 'staff',
  'POST /api/productos/importar': 'staff',
  'GET /api/productos/importaciones/:id': 'staff',
  'GET /api/productos/:id': 'public',
  'GET /api/productos/:id/compatibles': 'public',
  'PUT /api/productos/:id': 'staff',
  'PATCH /api/productos/:id/desactivar': 'staff',
  'PATCH /api/productos/:id/activar': 'staff',
  'POST /api/productos/:id/imagenes': 'staff',
  'PUT /api/productos/:id/imagenes': 'staff',
  'DELETE /api/productos/:id/imagenes/:imagenId': 'staff',
  'GET /imagenes/:archivo': 'public',

  'GET /api/armados/pasos/:tipo': 'public',
  'POST /api/armados/revision': 'public',
  'POST /api/armados': 'public',
  'GET /api/armados/recomendados': 'public',
  'GET /api/armados/:codigo': 'public',
  'PUT /api/armados/:codigo/recomendado': 'admin',
  'DELETE /api/armados/:codigo/recomendado': 'admin',

  'GET /api/categorias': 'public',
  'POST /api/categorias': 'staff',
  'PUT /api/categorias/:id': 'staff',
  'PATCH /api/categorias/:id/desactivar': 'staff',
  'PATCH /api/categorias/:id/activar': 'staff',

  'POST /api/pedidos': 'public',
  'GET /api/pedidos': 'user',
  'POST /api/pedidos/cotizacion': 'public',
  'GET /api/pedidos/resumen': 'staff',
  'GET /api/pedidos/exportar.csv': 'admin',
  'GET /api/admin/reportes': 'admin',
  'GET /api/admin/puesta-en-marcha': 'admin',
  'GET /api/pedidos/:numero': 'public',
  'PATCH /api/pedidos/:numero/estado': 'staff',
  'POST /api/pedidos/:numero/enlace': 'public',
  'POST /api/pedidos/:numero/pago': 'public',
  'GET /api/pedidos/:numero/documentos': 'public',
  'GET /api/documentos/:id/pdf': 'public',
  'POST /api/admin/documentos/:id/reintentar': 'admin',
  'GET /api/documentos/libro-ventas': 'admin',
  'GET /api/documentos/libro-ventas.csv': 'admin',
  'GET /api/envios': 'public',
  'PUT /api/envios': 'admin',
  'POST /api/envios/opciones': 'public',
  'POST /api/envios/crear': 'admin',
  'GET /api/envios/atrasados': 'admin',
  'POST /api/pedidos/:numero/envio': 'admin',
  'GET /api/pedidos/:numero/etiqueta.pdf': 'admin',
  'GET /api/pedidos/:numero/envio': 'public',
  'GET /api/cupones': 'admin',
  'POST /api/cupones': 'admin',
  'PUT /api/cupones/:id': 'admin',
  'DELETE /api/cupones/:id': 'admin',
  'GET /api/pagos/webpay/retorno': 'public',
  'POST /api/pagos/webpay/retorno': 'public',

  'GET /api/usuarios': 'admin',
  'POST /api/usuarios': 'admin',
  'GET /api/usuarios/:id': 'admin',
  'PUT /api/usuarios/:id': 'admin',
  'DELETE /api/usuarios/:id': 'admin',
  'POST /api/usuarios/:id/cerrar-sesiones': 'admin',

  'POST /api/contactos': 'public',
  'GET /api/contactos': 'admin',
  'GET /api/correos': 'admin',
  'POST /api/correos/:id/reintentar': 'admin',
  'POST /api/soporte': 'public',
  'GET /api/soporte': 'staff',
  'GET /api/soporte/resumen': 'staff',
  'GET /api/soporte/:id': 'staff',
  'POST /api/soporte/:id/estado': 'staff',
  'POST /api/soporte/:id/notas': 'staff',
  'POST /api/soporte/:id/cotizacion': 'staff',
  'GET /api/soporte/seguimiento': 'public',
  'POST /api/soporte/seguimiento/cotizacion': 'public',
  'GET /api/cuenta/soporte': 'user',
  'GET /api/cuenta/soporte/:numero': 'user',
  'POST /api/cuenta/soporte/:numero/cotizacion': 'user',
  'POST /api/newsletter': 'public',
  'POST /api/newsletter/baja': 'public',
  'POST /api/alertas-stock': 'public',
  'POST /api/alertas-stock/baja': 'public',
  'GET /api/newsletter/resumen': 'admin',
  'GET /api/newsletter/suscriptores.csv': 'admin',
};

/**
 * Routes that end the caller's session, called last: ending all of them first, then logging out
 * (a session already ended still logs out with 204).
 */
const ENDS_SESSION = ['POST /api/cuenta/sesiones/cerrar-todas', 'POST /api/auth/logout'];

/**
 * The app's routes as `METHOD /template`, read from Fastify's printed route tree (one line per
 * path segment, four characters of indent per level). HEAD mirrors GET and is left out; the web
 * app's static files (served only when it is built) are public files, not API calls.
 */
export function routeTable(printed: string): string[] {
  const routes: string[] = [];
  const parents: string[] = [];
  for (const line of printed.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    parents.length = depth;
    const path = (parents[depth - 1] ?? '') + match[2]!;
    parents[depth] = path;
    for (const method of match[3]?.split(', ') ?? []) {
      if (method !== 'HEAD') routes.push(`${method} ${path}`);
    }
  }
  return routes.filter((r) => /^\S+ \/(api\/|imagenes\/)/.test(r));
}

/** A URL for the template: ids and numbers that do not exist, so an allowed call changes nothing. */
const urlOf = (template: string) =>
  template
    .replace(':numero', 'NB-999999')
    .replace(':archivo', 'no-existe.webp')
    .replace('*', '/no-existe')
    .replace(/:[a-zA-Z]+/g, '999999');

type Caller = 'anónimo' | 'CLIENT' | 'VENDOR' | 'ADMIN';
const CALLERS: Caller[] = ['anónimo', 'CLIENT', 'VENDOR', 'ADMIN'];

/** The answer each caller must get: refused with 401/403, or let through to the handler. */
function expected(access: Access, caller: Caller): 401 | 403 | 'allowed' {
  if (access === 'public') return 'allowed';
  if (caller === 'anónimo') return 401;
  if (access === 'user') return 'allowed';
  if (caller === 'CLIENT') return 403;
  if (access === 'staff') return 'allowed';
  return caller === 'ADMIN' ? 'allowed' : 403;
}

describe('role matrix: every route × anonymous, CLIENT, VENDOR and ADMIN', () => {
  let t: TestContext;
  let routes: string[];
  const tokens = {} as Record<Exclude<Caller, 'anónimo'>, string>;

  beforeAll(async () => {
    t = await createTestApp();
    tokens.ADMIN = t.adminToken;
    tokens.CLIENT = t.clientToken;
    tokens.VENDOR = await vendorToken(t);
    routes = routeTable(t.app.printRoutes({ commonPrefix: false }));
  });
  afterAll(() => t.close());

  it('reads the route table of the app (control: it finds the routes the shop is known for)', () => {
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /api/productos',
        'PUT /api/productos/:id',
        'DELETE /api/usuarios/:id',
        'PATCH /api/pedidos/:numero/estado',
      ]),
    );
    expect(routes.length).toBeGreaterThan(50);
  });

  it('has an access rule for every route the app answers', () => {
    const missing = routes.filter((route) => !(route in ACCESS));
    expect(missing, 'rutas sin regla de acceso en route-roles.test.ts').toEqual([]);
  });

  it.each(CALLERS)('answers every route to %s as its access rule says', async (caller) => {
    const wrong: string[] = [];
    const lastly = (route: string) => ENDS_SESSION.indexOf(route);
    for (const route of [...routes].sort((a, b) => lastly(a) - lastly(b))) {
      const access = ACCESS[route];
      if (!access) continue;
      const [method, template] = route.split(' ') as [string, string];
      const token = caller === 'anónimo' ? null : tokens[caller];
      const res = await t.app.inject({
        method: method as 'GET',
        url: urlOf(template),
        headers: token ? bearer(token) : {},
      });
      const want = expected(access, caller);
      if (want === 'allowed') {
        if (res.statusCode === 401 || res.statusCode === 403)
          wrong.push(`${route}: ${res.statusCode}, se esperaba acceso`);
      } else if (res.statusCode !== want) {
        wrong.push(`${route}: ${res.statusCode}, se esperaba ${want}`);
      } else {
        const message = want === 401 ? MESSAGES.unauthenticated : MESSAGES.forbidden;
        if (res.json<{ message: string }>().message !== message)
          wrong.push(`${route}: mensaje ${res.body}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('lets a VENDOR edit a product for real, and keeps it out of the users list', async () => {
    // A new session: the matrix above ended the others (all of them, then this one).
    const vendor = await t.login(VENDOR);
    const [producto] = await t.app.db
      .select()
      .from(productos)
      .where(eq(productos.activo, true))
      .limit(1);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/productos/${producto!.id}`,
      headers: bearer(vendor),
      payload: {
        nombre: 'Editado por el vendedor',
        descripcion: producto!.descripcion,
        precio: 12990,
        stock: 7,
        categoria: { id: producto!.categoriaId },
        imagen: null,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.app.db.select().from(productos).where(eq(productos.id, producto!.id));
    expect(row).toMatchObject({ nombre: 'Editado por el vendedor', precio: '12990.00', stock: 7 });

    const users = await t.app.inject({
      method: 'GET',
      url: '/api/usuarios',
      headers: bearer(vendor),
    });
    expect(users.statusCode).toBe(403);
    expect(users.json()).toEqual({ message: MESSAGES.forbidden });
  });
});
