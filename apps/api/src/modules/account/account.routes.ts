import {
  type Usuario,
  buildCambioPasswordSchema,
  cuentaSchema,
  errorResponseSchema,
  loginResponseSchema,
  ACCOUNT_MESSAGES,
  usuarioSchema,
} from '@nexbyte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, HttpError, MESSAGES } from '../../http-errors';
import { hashPassword, refuseCommonPassword, verifyPassword } from '../../passwords';
import { LOGIN_BLOCKED_MESSAGE } from '../auth/login-limiter';
import { changePassword } from '../auth/password-change';
import { logSecurityEvent } from '../auth/security-log';
import { findUserRowById, toUsuario, updateProfile } from '../users/users.service';

const loggedIn = [{ bearerAuth: [] }];

const errorResponses = {
  400: errorResponseSchema,
  401: errorResponseSchema,
};

/** "Mi cuenta": the logged-in customer reads and edits their own data and password. */
const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['mi cuenta'];

  /** The session's user; requireUser ran in onRequest, so it is there. */
  const me = (request: { user: Usuario | null }): Usuario => {
    if (!request.user) throw new HttpError(401, MESSAGES.invalidSession);
    return request.user;
  };

  app.get(
    '/cuenta',
    {
      onRequest: app.requireUser,
      schema: { tags, security: loggedIn, response: { 200: usuarioSchema, ...errorResponses } },
    },
    async (request) => me(request),
  );

  app.put(
    '/cuenta',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security: loggedIn,
        description:
          'Cambia nombre, apellidos, teléfono, región, comuna y dirección, con las reglas del registro. RUN, correo y rol no cambian.',
        body: cuentaSchema,
        response: { 200: usuarioSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await updateProfile(app.db, me(request).id, request.body);
      if (!user) throw new HttpError(401, MESSAGES.invalidSession);
      return user;
    },
  );

  app.put(
    '/cuenta/password',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security: loggedIn,
        description:
          'Cambia la contraseña dando la actual. Cierra todas las sesiones y responde un token nuevo para seguir en esta.',
        body: buildCambioPasswordSchema(app.config.passwordPolicy),
        response: { 200: loginResponseSchema, 429: errorResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { id, correo } = me(request);
      // A stolen session must not be a way to guess the password: failures count as failed logins.
      const gate = await app.loginLimiter.consume(correo, request.ip);
      if (gate.blocked) {
        logSecurityEvent(request.log, 'login.bloqueado', {
          userId: id,
          ruta: request.routeOptions.url,
        });
        throw new HttpError(429, LOGIN_BLOCKED_MESSAGE, undefined, {
          'retry-after': String(gate.retryAfterSeconds),
        });
      }
      const current = (await findUserRowById(app.db, id))?.passHash;
      if (!current || !(await verifyPassword(current, request.body.actual))) {
        logSecurityEvent(request.log, 'password.cambio_fallido', { userId: id });
        throw badRequest(ACCOUNT_MESSAGES.wrongCurrentPassword, {
          actual: ACCOUNT_MESSAGES.wrongCurrentPassword,
        });
      }
      await app.loginLimiter.refund(correo, request.ip);
      await refuseCommonPassword(app.config.passwordPolicy, request.body.pass);
      const row = await changePassword(app.db, id, await hashPassword(request.body.pass));
      if (!row) throw new HttpError(401, MESSAGES.invalidSession);
      logSecurityEvent(request.log, 'password.cambiada', { userId: id });
      const usuario = toUsuario(row);
      return { token: await app.openSession(request, row), usuario };
    },
  );
};

export default accountRoutes;
