import {
  categoriaDetalleSchema,
  categoriaInputSchema,
  categoriasQuerySchema,
  errorResponseSchema,
  isStaffRole,
} from '@nexbyte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, staffOnly } from '../params';
import {
  changeCategory,
  createCategory,
  listCategories,
  setCategoryActive,
} from './categories.service';

const staffErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
};

const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['categorias'];

  app.get(
    '/categorias',
    {
      config: { catalogCache: true },
      schema: {
        tags,
        description:
          'Las categorías activas, por nombre, con su imagen y cuántos productos activos tienen. Con un token ADMIN o VENDOR y `estado=todos`, también las desactivadas.',
        querystring: categoriasQuerySchema,
        response: { 200: z.array(categoriaDetalleSchema) },
      },
    },
    async (request) => {
      const all =
        request.query.estado === 'todos' && isStaffRole((await app.currentUser(request))?.role);
      return listCategories(app.db, all);
    },
  );

  app.post(
    '/categorias',
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security: staffOnly,
        description:
          'ADMIN o VENDOR. Crea una categoría activa; un nombre repetido (sin importar mayúsculas) responde 409.',
        body: categoriaInputSchema,
        response: { 201: categoriaDetalleSchema, 409: errorResponseSchema, ...staffErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await createCategory(app.db, request.body)),
  );

  app.put(
    '/categorias/:id',
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security: staffOnly,
        description: 'ADMIN o VENDOR. Cambia el nombre y la imagen de una categoría.',
        params: idParams,
        body: categoriaInputSchema,
        response: {
          200: categoriaDetalleSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          ...staffErrors,
        },
      },
    },
    async (request) => changeCategory(app.db, request.params.id, request.body),
  );

  app.patch(
    '/categorias/:id/desactivar',
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security: staffOnly,
        description:
          'ADMIN o VENDOR. La tienda deja de mostrar la categoría. Si tiene productos activos responde 409: primero se desactivan o se mueven. Las categorías no se eliminan: sus productos y pedidos pasados las siguen nombrando.',
        params: idParams,
        response: {
          200: categoriaDetalleSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          ...staffErrors,
        },
      },
    },
    async (request) => setCategoryActive(app.db, request.params.id, false),
  );

  app.patch(
    '/categorias/:id/activar',
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security: staffOnly,
        description: 'ADMIN o VENDOR. Vuelve a mostrar una categoría desactivada.',
        params: idParams,
        response: { 200: categoriaDetalleSchema, 404: errorResponseSchema, ...staffErrors },
      },
    },
    async (request) => setCategoryActive(app.db, request.params.id, true),
  );
};

export default categoryRoutes;
