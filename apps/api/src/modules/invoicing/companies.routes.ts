import {
  DOCUMENT_MESSAGES,
  empresaGuardadaSchema,
  empresaSchema,
  errorResponseSchema,
  type Usuario,
} from '@nexbyte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, MESSAGES, notFound } from '../../http-errors';
import { idParams } from '../params';
import { deleteCompany, insertCompany, listCompanies, updateCompany } from './companies.repository';

const loggedIn = [{ bearerAuth: [] }];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema };

/**
 * "Mis empresas": the companies a logged-in customer buys for with a factura. Each account sees
 * and changes only its own; another's answers 404, as one that does not exist.
 */
const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['mi cuenta'];
  const me = (request: { user: Usuario | null }): Usuario => {
    if (!request.user) throw new HttpError(401, MESSAGES.invalidSession);
    return request.user;
  };

  app.get(
    '/cuenta/empresas',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security: loggedIn,
        description:
          'Las empresas guardadas del cliente, para pedir factura: las que agregó aquí y las de sus pedidos con factura.',
        response: { 200: z.object({ items: z.array(empresaGuardadaSchema) }), ...errors },
      },
    },
    async (request) => ({ items: await listCompanies(app.db, me(request).id) }),
  );

  app.post(
    '/cuenta/empresas',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security: loggedIn,
        description:
          'Guarda una empresa (RUT con dígito verificador, razón social, giro, dirección, región y comuna). Un RUT ya guardado en la cuenta responde 409.',
        body: empresaSchema,
        response: { 201: empresaGuardadaSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const empresa = await insertCompany(app.db, me(request).id, request.body);
      return reply.status(201).send(empresa);
    },
  );

  app.put(
    '/cuenta/empresas/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security: loggedIn,
        description:
          'Cambia una empresa propia. La de otra cuenta responde 404; un RUT que ya tiene otra empresa de la cuenta, 409.',
        params: idParams,
        body: empresaSchema,
        response: {
          200: empresaGuardadaSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const empresa = await updateCompany(app.db, me(request).id, request.params.id, request.body);
      if (!empresa) throw notFound(DOCUMENT_MESSAGES.empresaNoEncontrada);
      return empresa;
    },
  );

  app.delete(
    '/cuenta/empresas/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security: loggedIn,
        description:
          'Borra una empresa propia; los pedidos ya hechos guardan la suya. La de otra cuenta responde 404.',
        params: idParams,
        response: { 204: z.null(), 404: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (!(await deleteCompany(app.db, me(request).id, request.params.id))) {
        throw notFound(DOCUMENT_MESSAGES.empresaNoEncontrada);
      }
      return reply.status(204).send(null);
    },
  );
};

export default companyRoutes;
