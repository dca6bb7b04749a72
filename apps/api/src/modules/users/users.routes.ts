import {
  adminUsuarioUpdateSchema,
  buildAdminUsuarioCreateSchema,
  errorResponseSchema,
  LIST_LIMIT_DEFAULT,
  listaQuerySchema,
  resolvePage,
  usuarioSchema,
} from '@nexbyte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict, notFound } from '../../http-errors';
import { hashPassword, refuseCommonPassword } from '../../passwords';
import { logSecurityEvent } from '../auth/security-log';
import { PAGE_HEADERS_DESCRIPTION, sendPageHeaders } from '../paging';
import { adminOnly, idParams } from '../params';
import {
  deleteUser,
  endSessions,
  findUserById,
  insertUser,
  listUsers,
  updateUser,
} from './users.repository';

const USER_NOT_FOUND = 'Usuario no encontrado.';
export const SELF_DELETE = 'No puedes eliminar tu propia cuenta.';

const errorResponses = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
};

const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { allowedEmailDomains, passwordPolicy } = app.config;
  const adminUsuarioCreate = buildAdminUsuarioCreateSchema(allowedEmailDomains, passwordPolicy);
  const tags = ['usuarios'];

  app.get(
    '/usuarios',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security: adminOnly,
        description: `Usuarios por id, ${LIST_LIMIT_DEFAULT} por página sin \`limite\`. ${PAGE_HEADERS_DESCRIPTION}`,
        querystring: listaQuerySchema,
        response: { 200: z.array(usuarioSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { pagina, limite, offset } = resolvePage(request.query);
      const { items, total } = await listUsers(app.db, { limit: limite, offset });
      sendPageHeaders(request, reply, { pagina, limite, total });
      return items;
    },
  );

  app.get(
    '/usuarios/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security: adminOnly,
        params: idParams,
        response: { 200: usuarioSchema, 404: errorResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await findUserById(app.db, request.params.id);
      if (!user) throw notFound(USER_NOT_FOUND);
      return user;
    },
  );

  app.post(
    '/usuarios',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security: adminOnly,
        body: adminUsuarioCreate,
        response: { 201: usuarioSchema, 409: errorResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { pass, ...data } = request.body;
      await refuseCommonPassword(passwordPolicy, pass);
      const user = await insertUser(app.db, {
        ...data,
        telefono: data.telefono ?? null,
        passHash: await hashPassword(pass),
      });
      return reply.status(201).send(user);
    },
  );

  app.put(
    '/usuarios/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security: adminOnly,
        params: idParams,
        body: adminUsuarioUpdateSchema,
        response: { 200: usuarioSchema, 404: errorResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await updateUser(app.db, request.params.id, {
        ...request.body,
        telefono: request.body.telefono ?? null,
      });
      if (!user) throw notFound(USER_NOT_FOUND);
      return user;
    },
  );

  app.post(
    '/usuarios/:id/cerrar-sesiones',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security: adminOnly,
        description:
          'Cierra todas las sesiones abiertas del usuario: sus tokens dejan de valer y debe volver a iniciar sesión.',
        params: idParams,
        response: { 204: z.null(), 404: errorResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!(await endSessions(app.db, request.params.id))) throw notFound(USER_NOT_FOUND);
      logSecurityEvent(request.log, 'sesiones.cerradas', {
        userId: request.params.id,
        ...(request.user ? { porUserId: request.user.id } : {}),
      });
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/usuarios/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security: adminOnly,
        params: idParams,
        response: {
          204: z.null(),
          404: errorResponseSchema,
          409: errorResponseSchema,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      if (request.user?.id === request.params.id) throw conflict(SELF_DELETE);
      if (!(await deleteUser(app.db, request.params.id))) throw notFound(USER_NOT_FOUND);
      return reply.status(204).send(null);
    },
  );
};

export default userRoutes;
