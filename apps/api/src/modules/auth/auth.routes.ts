import {
  buildLoginSchema,
  buildRegistroSchema,
  configResponseSchema,
  errorResponseSchema,
  loginResponseSchema,
  loginStepResponseSchema,
  usuarioSchema,
} from '@nexbyte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, MESSAGES } from '../../http-errors';
import {
  burnPasswordCheck,
  hashPassword,
  refuseCommonPassword,
  verifyPassword,
} from '../../passwords';
import { findUserRowByCorreo, insertUser, toUsuario } from '../users/users.service';
import { LOGIN_BLOCKED_MESSAGE } from './login-limiter';
import { logSecurityEvent } from './security-log';
import { deleteSession } from './sessions.repository';
import sessionRoutes from './sessions.routes';
import totpRoutes, { secondStepFor } from './totp.routes';

export const LOGIN_FAILED_MESSAGE = 'Correo o contraseña incorrectos.';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { allowedEmailDomains: domains, passwordPolicy: policy } = app.config;
  const schemas = {
    login: buildLoginSchema(domains, policy),
    registro: buildRegistroSchema(domains, policy),
  };
  const tags = ['autenticación'];
  await app.register(totpRoutes);
  await app.register(sessionRoutes);

  // What the web app must know of the server's settings so its own checks match the server's.
  app.get(
    '/config',
    {
      schema: {
        tags: ['configuración'],
        description:
          'La política de contraseñas (`basica`: 4 a 10 caracteres; `fuerte`: 8 a 64 y no una de las 10.000 más comunes) y los medios de pago que la tienda ofrece ahora (`pagos.metodos`, en el orden del checkout; Webpay no aparece si está apagado) con el descuento por transferencia en porcentaje y hasta cuántas cuotas sin interés se paga con tarjeta (`cuotasSinInteresMax`, 0 si no hay; la tienda las muestra solo si ofrece Webpay).',
        response: { 200: configResponseSchema },
      },
    },
    async () => ({
      politicaPassword: policy,
      pagos: {
        metodos: app.payments.methods,
        descuentoTransferenciaPct: app.payments.transferDiscountPct,
        cuotasSinInteresMax: app.payments.installmentsMax,
      },
    }),
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags,
        body: schemas.login,
        description:
          'Con la contraseña correcta responde `{ token, usuario }`; si la cuenta usa verificación en dos pasos, `{ siguiente: "totp", desafio }` (sigue en POST /auth/login/totp), y un ADMIN o VENDOR que debe activarla (ADMIN_MFA=obligatorio) `{ siguiente: "enrolar_totp", desafio }`.',
        response: {
          200: z.union([loginResponseSchema, loginStepResponseSchema]),
          400: errorResponseSchema,
          401: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { correo, pass } = request.body;
      // The attempt is counted before the hash, so parallel guesses cannot outrun the count.
      const gate = await app.loginLimiter.consume(correo, request.ip);
      if (gate.blocked) {
        logSecurityEvent(request.log, 'login.bloqueado', { correo });
        throw new HttpError(429, LOGIN_BLOCKED_MESSAGE, undefined, {
          'retry-after': String(gate.retryAfterSeconds),
        });
      }
      const row = await findUserRowByCorreo(app.db, correo);
      const ok = row
        ? await verifyPassword(row.passHash, pass)
        : (await burnPasswordCheck(pass), false);
      if (!row || !ok) {
        logSecurityEvent(request.log, 'login.fallido', { userId: row?.id ?? null, correo });
        throw new HttpError(401, LOGIN_FAILED_MESSAGE);
      }
      const secondStep = await secondStepFor(app, row);
      if (secondStep) {
        // The password was right; the code that follows counts as an attempt of its own.
        await app.loginLimiter.refund(correo, request.ip);
        return secondStep;
      }
      await app.loginLimiter.recordSuccess(correo, request.ip);
      logSecurityEvent(request.log, 'login.exitoso', { userId: row.id });
      const usuario = toUsuario(row);
      return { token: await app.openSession(request, row), usuario };
    },
  );

  app.post(
    '/auth/logout',
    {
      onRequest: async (request) => {
        // Only a token of ours is a logout; whether its session still runs does not matter.
        if (!request.headers.authorization) await app.requireUser(request);
      },
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        description:
          'Cierra esta sesión en el servidor: este token deja de valer en todas las instancias; las sesiones de los otros dispositivos siguen (decisión 014). Una sesión que ya había terminado responde 204 igual; un token que no es nuestro, 401.',
        response: { 204: z.null(), 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const claims = await app.sessionClaims(request);
      if (!claims) throw new HttpError(401, MESSAGES.invalidSession);
      if (await deleteSession(app.db, claims.sessionId, claims.userId)) {
        logSecurityEvent(request.log, 'sesion.cerrada', { userId: claims.userId });
      }
      return reply.status(204).send(null);
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
      await refuseCommonPassword(policy, pass);
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
