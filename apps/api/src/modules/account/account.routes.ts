import {
  type Usuario,
  cambioPasswordSchema,
  cuentaSchema,
  errorResponseSchema,
  loginResponseSchema,
  MESSAGES_CUENTA,
  usuarioSchema,
} from '@nexbyte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, HttpError, MESSAGES } from '../../http-errors';
import { LOGIN_BLOCKED_MESSAGE } from '../auth/login-limiter';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { toUsuario } from '../users/users.repository';
import { changeOwnPassword, findPasswordHash, updateAccount } from './account.repository';

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
      const user = await updateAccount(app.db, me(request).id, request.body);
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
        body: cambioPasswordSchema,
        response: { 200: loginResponseSchema, 429: errorResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { id, correo } = me(request);
      // A stolen session must not be a way to guess the password: failures count as failed logins.
      const gate = await app.loginLimiter.check(correo, request.ip);
      if (gate.blocked) {
        throw new HttpError(429, LOGIN_BLOCKED_MESSAGE, undefined, {
          'retry-after': String(gate.retryAfterSeconds),
        });
      }
      const current = await findPasswordHash(app.db, id);
      if (!current || !(await verifyPassword(current, request.body.actual))) {
        await app.loginLimiter.recordFailure(correo, request.ip);
        throw badRequest(MESSAGES_CUENTA.actualIncorrecta, {
          actual: MESSAGES_CUENTA.actualIncorrecta,
        });
      }
      const row = await changeOwnPassword(app.db, id, await hashPassword(request.body.pass));
      if (!row) throw new HttpError(401, MESSAGES.invalidSession);
      request.log.info({ userId: id }, 'contraseña cambiada desde Mi cuenta');
      const usuario = toUsuario(row);
      return { token: await app.signToken(usuario, row.sesionVersion), usuario };
    },
  );
};

export default accountRoutes;
