import type { Producto } from '@nexbyte/shared';
import { bearer, type TestContext } from '../../test/test-app';

/**
 * The admin saves product `id` as the product form does: the fields it reads back (the normal
 * price, not an offer's), with `changes` over them. Answers the PUT's response; a body without
 * `oferta` keeps the stored one, as the form's does.
 */
export async function saveAsAdmin(t: TestContext, id: number, changes: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/productos/${id}`,
    headers: bearer(t.adminToken),
  });
  if (res.statusCode !== 200) throw new Error(`GET /api/productos/${id}: ${res.statusCode}`);
  const p = res.json<Producto>();
  return t.app.inject({
    method: 'PUT',
    url: `/api/productos/${id}`,
    headers: bearer(t.adminToken),
    payload: {
      nombre: p.nombre,
      descripcion: p.descripcion,
      precio: p.precioNormal ?? p.precio,
      stock: p.stock,
      categoria: { id: p.categoria.id },
      marca: p.marca,
      sku: p.sku,
      especificaciones: p.especificaciones,
      ...changes,
    },
  });
}
