import {
  errorResponseSchema,
  productoInputSchema,
  productoSchema,
  productosQuerySchema,
} from '@nexbyte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../http-errors';
import { adminOnly, idParams } from '../params';
import { categoryExists } from '../categories/categories.repository';
import {
  findProduct,
  insertProduct,
  listProducts,
  setProductActive,
  updateProduct,
  type ProductValues,
} from './products.repository';

export const PRODUCT_NOT_FOUND = 'Producto no encontrado.';
export const UNKNOWN_CATEGORY = 'La categoría seleccionada no existe.';

type ProductoBody = z.output<typeof productoInputSchema>;

async function toValues(db: Db, body: ProductoBody): Promise<ProductValues> {
  if (!(await categoryExists(db, body.categoria.id))) {
    throw badRequest(UNKNOWN_CATEGORY, { categoria: UNKNOWN_CATEGORY });
  }
  return {
    nombre: body.nombre,
    descripcion: body.descripcion ?? null,
    precio: body.precio,
    stock: body.stock,
    imagen: body.imagen ?? null,
    categoriaId: body.categoria.id,
  };
}

const adminErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
};

const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['productos'];
  const isAdmin = async (request: Parameters<typeof app.currentUser>[0]) =>
    (await app.currentUser(request))?.role === 'ADMIN';

  app.get(
    '/productos',
    {
      schema: {
        tags,
        description:
          'Productos activos; con un token ADMIN, todos (o solo los activos o inactivos con `estado`). El total sin paginar va en la cabecera X-Total-Count.',
        querystring: productosQuerySchema,
        response: { 200: z.array(productoSchema) },
      },
    },
    async (request, reply) => {
      const { items, total } = await listProducts(app.db, request.query, await isAdmin(request));
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.get(
    '/productos/:id',
    {
      schema: {
        tags,
        params: idParams,
        response: { 200: productoSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const product = await findProduct(app.db, request.params.id);
      if (!product || (!product.activo && !(await isAdmin(request))))
        throw notFound(PRODUCT_NOT_FOUND);
      return product;
    },
  );

  app.post(
    '/productos',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security: adminOnly,
        body: productoInputSchema,
        response: { 201: productoSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const id = await insertProduct(app.db, await toValues(app.db, request.body));
      return reply.status(201).send((await findProduct(app.db, id))!);
    },
  );

  app.put(
    '/productos/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security: adminOnly,
        params: idParams,
        body: productoInputSchema,
        response: { 200: productoSchema, 404: errorResponseSchema, ...adminErrors },
      },
    },
    async (request) => {
      const values = await toValues(app.db, request.body);
      if (!(await updateProduct(app.db, request.params.id, values)))
        throw notFound(PRODUCT_NOT_FOUND);
      return (await findProduct(app.db, request.params.id))!;
    },
  );

  /** Deactivation and its undo answer the product as it is afterwards. */
  const setActive = (activo: boolean) => async (request: { params: { id: number } }) => {
    if (!(await setProductActive(app.db, request.params.id, activo))) {
      throw notFound(PRODUCT_NOT_FOUND);
    }
    return (await findProduct(app.db, request.params.id))!;
  };

  app.patch(
    '/productos/:id/desactivar',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security: adminOnly,
        description: 'La tienda deja de listar y mostrar el producto; el admin lo sigue viendo.',
        params: idParams,
        response: { 200: productoSchema, 404: errorResponseSchema, ...adminErrors },
      },
    },
    setActive(false),
  );

  app.patch(
    '/productos/:id/activar',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security: adminOnly,
        description: 'Vuelve a poner a la venta un producto desactivado.',
        params: idParams,
        response: { 200: productoSchema, 404: errorResponseSchema, ...adminErrors },
      },
    },
    setActive(true),
  );
};

export default productRoutes;
