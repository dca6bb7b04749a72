import {
  buildDomainSchemas,
  errorResponseSchema,
  loginResponseSchema,
  usuarioSchema,
} from '@nexbyte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../http-errors';
import { findUserRowByCorreo, insertUser, toUsuario } from '../users/users.repository';
import { LOGIN_BLOCKED_MESSAGE } from './login-limiter';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';

export const LOGIN_FAILED_MESSAGE = 'Correo o contraseña incorrectos.';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const schemas = buildDomainSchemas(app.config.allowedEmailDomains);
  const tags = ['autenticación'];

  app.post(
    '/auth/login',
    {
      schema: {
        tags,
        body: schemas.login,
        response: {
          200: loginResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { correo, pass } = request.body;
      const gate = await app.loginLimiter.check(correo, request.ip);
      if (gate.blocked) {
        throw new HttpError(429, LOGIN_BLOCKED_MESSAGE, undefined, {
          'retry-after': String(gate.retryAfterSeconds),
        });
      }
      const row = await findUserRowByCorreo(app.db, correo);
      const ok = row
        ? await verifyPassword(row.passHash, pass)
        : (await burnPasswordCheck(pass), false);
      if (!row || !ok) {
        await app.loginLimiter.recordFailure(correo, request.ip);
        request.log.info({ userId: row?.id ?? null }, 'inicio de sesión fallido');
        throw new HttpError(401, LOGIN_FAILED_MESSAGE);
      }
      await app.loginLimiter.recordSuccess(correo);
      const usuario = toUsuario(row);
      return { token: await app.signToken(usuario, row.sesionVersion), usuario };
    },
  );

  app.post(
    '/auth/registro',
    {
      config: { rateLimit: { max: app.config.rateLimit.formsMax, timeWindow: '1 minute' } },
      schema: {
        tags,
        body: schemas.registro,
        response: { 201: usuarioSchema, 400: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { pass, pass2: _pass2, ...data } = request.body;
      const usuario = await insertUser(app.db, {
        ...data,
        telefono: data.telefono ?? null,
        // Whatever the body says, a registration creates a customer.
        role: 'CLIENT',
        passHash: await hashPassword(pass),
      });
      return reply.status(201).send(usuario);
    },
  );
};

export default authRoutes;
