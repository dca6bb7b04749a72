import {
  ACCOUNT_MESSAGES,
  codigosRecuperacionSchema,
  desafioTotpSchema,
  errorResponseSchema,
  isStaffRole,
  loginResponseSchema,
  loginTotpSchema,
  messageResponseSchema,
  TOTP_MESSAGES,
  totpCambioSchema,
  totpEnrolmentSchema,
  totpEstadoSchema,
  type Usuario,
} from '@nexbyte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { badRequest, conflict, HttpError, MESSAGES } from '../../http-errors';
import { verifyPassword } from '../../passwords';
import { findUserRowById, toUsuario } from '../users/users.service';
import { LOGIN_BLOCKED_MESSAGE } from './login-limiter';
import { logSecurityEvent } from './security-log';
import { newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpStep, totpUri } from './totp';
import {
  acceptStep,
  activate,
  disable,
  findTotp,
  isActive,
  startEnrolment,
  useRecoveryCode,
} from './totp.repository';

const loggedIn = [{ bearerAuth: [] }];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};

/**
 * TOTP (decision 015): an ADMIN or VENDOR (decision 018) enrols in /cuenta, confirms with a first code and gets ten
 * recovery codes; logging in then takes a code after the password. Every code typed counts against
 * the login limiter, as a password does. Turning it on or off in /cuenta also takes the password
 * again, counted the same way, so a session alone cannot change how the account logs in.
 */
const totpRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['verificación en dos pasos'];

  /** Counts a code attempt for the account and the client; 429 past the login limit. */
  async function countAttempt(request: FastifyRequest, correo: string) {
    const gate = await app.loginLimiter.consume(correo, request.ip);
    if (gate.blocked) {
      logSecurityEvent(request.log, 'login.bloqueado', { correo, ruta: request.routeOptions.url });
      throw new HttpError(429, LOGIN_BLOCKED_MESSAGE, undefined, {
        'retry-after': String(gate.retryAfterSeconds),
      });
    }
  }

  /**
   * Checks a code of an active TOTP: the app's (each time step once) or an unused recovery code
   * (used up here). Refused codes are a 400 on `codigo`.
   */
  async function checkCode(request: FastifyRequest, user: { id: number }, codigo: string) {
    const totp = await findTotp(app.db, user.id);
    if (!isActive(totp)) throw badRequest(TOTP_MESSAGES.notActive);
    const step = totpStep(totp.secreto, codigo);
    if (step !== null && (await acceptStep(app.db, user.id, step))) return;
    if (step === null && (await useRecoveryCode(app.db, user.id, recoveryCodeHash(codigo)))) {
      logSecurityEvent(request.log, 'totp.codigo_recuperacion_usado', { userId: user.id });
      return;
    }
    throw badRequest(TOTP_MESSAGES.wrongCode, { codigo: TOTP_MESSAGES.wrongCode });
  }

  /**
   * The account's password typed again, checked after the attempt was counted (countAttempt), so
   * a session cannot be used to guess it. Wrong: a 403 on `actual`; the session stays valid.
   */
  async function checkPassword(request: FastifyRequest, user: { id: number }, actual: string) {
    const row = await findUserRowById(app.db, user.id);
    if (!row) throw new HttpError(401, MESSAGES.invalidSession);
    if (await verifyPassword(row.passHash, actual)) return;
    logSecurityEvent(request.log, 'totp.password_incorrecta', {
      userId: user.id,
      ruta: request.routeOptions.url,
    });
    throw new HttpError(403, ACCOUNT_MESSAGES.wrongCurrentPassword, {
      actual: ACCOUNT_MESSAGES.wrongCurrentPassword,
    });
  }

  /** A new secret, kept pending until confirmed. */
  async function enrol(user: { id: number; correo: string }) {
    const secreto = newTotpSecret();
    if (!(await startEnrolment(app.db, user.id, secreto)))
      throw conflict(TOTP_MESSAGES.alreadyActive);
    return { secreto, uri: totpUri(secreto, user.correo) };
  }

  /** The first right code turns TOTP on; the ten recovery codes are shown this once. */
  async function confirm(request: FastifyRequest, user: { id: number }, codigo: string) {
    const totp = await findTotp(app.db, user.id);
    if (!totp || isActive(totp)) {
      throw conflict(totp ? TOTP_MESSAGES.alreadyActive : TOTP_MESSAGES.notStarted);
    }
    const step = totpStep(totp.secreto, codigo);
    if (step === null)
      throw badRequest(TOTP_MESSAGES.wrongCode, { codigo: TOTP_MESSAGES.wrongCode });
    const codigosRecuperacion = newRecoveryCodes();
    if (!(await activate(app.db, user.id, step, codigosRecuperacion.map(recoveryCodeHash)))) {
      throw conflict(TOTP_MESSAGES.alreadyActive);
    }
    logSecurityEvent(request.log, 'totp.activado', { userId: user.id });
    return { codigosRecuperacion };
  }

  const me = (request: FastifyRequest): Usuario => {
    if (!request.user) throw new HttpError(401, MESSAGES.invalidSession);
    return request.user;
  };

  const session = async (request: FastifyRequest, row: Parameters<typeof toUsuario>[0]) => {
    await app.loginLimiter.recordSuccess(row.correo, request.ip);
    logSecurityEvent(request.log, 'login.exitoso', { userId: row.id });
    const usuario = toUsuario(row);
    return { token: await app.openSession(request, row), usuario };
  };

  // --- In /cuenta, with a session -------------------------------------------------------------

  app.get(
    '/cuenta/totp',
    {
      onRequest: app.requireUser,
      schema: { tags, security: loggedIn, response: { 200: totpEstadoSchema, ...errors } },
    },
    async (request) => ({ activo: isActive(await findTotp(app.db, me(request).id)) }),
  );

  app.post(
    '/cuenta/totp',
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security: loggedIn,
        description:
          'Empieza la activación (ADMIN o VENDOR): una clave nueva y su URI otpauth:// para la app. Queda pendiente hasta confirmarla con un código.',
        response: { 200: totpEnrolmentSchema, ...errors },
      },
    },
    async (request) => enrol(me(request)),
  );

  app.post(
    '/cuenta/totp/confirmar',
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security: loggedIn,
        description:
          'Activa la verificación en dos pasos con la contraseña de la cuenta y un primer código de la app (ambos cuentan en el límite de intentos). Responde 10 códigos de recuperación de un solo uso, que no se vuelven a mostrar.',
        body: totpCambioSchema,
        response: { 200: codigosRecuperacionSchema, ...errors },
      },
    },
    async (request) => {
      const user = me(request);
      await countAttempt(request, user.correo);
      await checkPassword(request, user, request.body.actual);
      const codes = await confirm(request, user, request.body.codigo);
      await app.loginLimiter.refund(user.correo, request.ip);
      return codes;
    },
  );

  app.post(
    '/cuenta/totp/desactivar',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security: loggedIn,
        description:
          'Desactiva la verificación en dos pasos con la contraseña de la cuenta y un código de la app o de recuperación (ambos cuentan en el límite de intentos).',
        body: totpCambioSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = me(request);
      await countAttempt(request, user.correo);
      await checkPassword(request, user, request.body.actual);
      await checkCode(request, user, request.body.codigo);
      await app.loginLimiter.refund(user.correo, request.ip);
      await disable(app.db, user.id);
      logSecurityEvent(request.log, 'totp.desactivado', { userId: user.id });
      return { message: TOTP_MESSAGES.disabled };
    },
  );

  // --- During login, with the challenge the password step answered ----------------------------

  const challengeUser = async (desafio: string, purpose: 'totp' | 'enrolar_totp') => {
    const row = await app.verifyChallenge(desafio, purpose);
    if (!row) throw new HttpError(401, TOTP_MESSAGES.challengeExpired);
    return row;
  };

  app.post(
    '/auth/login/totp',
    {
      schema: {
        tags,
        description:
          'El segundo paso del inicio de sesión: el desafío que respondió POST /auth/login y un código de la app o de recuperación (cada uno sirve una vez). Cuenta en el límite de intentos.',
        body: loginTotpSchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request) => {
      const row = await challengeUser(request.body.desafio, 'totp');
      await countAttempt(request, row.correo);
      try {
        await checkCode(request, row, request.body.codigo);
      } catch (error) {
        logSecurityEvent(request.log, 'login.fallido', {
          userId: row.id,
          ruta: request.routeOptions.url,
        });
        throw error;
      }
      return session(request, row);
    },
  );

  app.post(
    '/auth/login/totp/enrolar',
    {
      schema: {
        tags,
        description:
          'Con ADMIN_MFA=obligatorio, un ADMIN o VENDOR sin verificación en dos pasos la activa antes de entrar: con el desafío de POST /auth/login recibe la clave y su URI otpauth://.',
        body: desafioTotpSchema,
        response: { 200: totpEnrolmentSchema, ...errors },
      },
    },
    async (request) => enrol(await challengeUser(request.body.desafio, 'enrolar_totp')),
  );

  app.post(
    '/auth/login/totp/confirmar',
    {
      schema: {
        tags,
        description:
          'Confirma esa activación con un primer código: responde la sesión y los 10 códigos de recuperación.',
        body: loginTotpSchema,
        response: {
          200: loginResponseSchema.extend(codigosRecuperacionSchema.shape),
          ...errors,
        },
      },
    },
    async (request) => {
      const row = await challengeUser(request.body.desafio, 'enrolar_totp');
      await countAttempt(request, row.correo);
      const codes = await confirm(request, row, request.body.codigo);
      return { ...(await session(request, row)), ...codes };
    },
  );
};

export default totpRoutes;

/**
 * What the password step answers for a user with TOTP, or staff (ADMIN or VENDOR, who can change
 * prices and refund orders: decision 018) who must enrol first.
 */
export async function secondStepFor(
  app: Parameters<FastifyPluginAsyncZod>[0],
  row: { id: number; role: string; sesionVersion: number },
): Promise<{ siguiente: 'totp' | 'enrolar_totp'; desafio: string } | null> {
  if (isActive(await findTotp(app.db, row.id))) {
    return {
      siguiente: 'totp',
      desafio: await app.signChallenge(row.id, row.sesionVersion, 'totp'),
    };
  }
  if (app.config.adminMfa === 'obligatorio' && isStaffRole(row.role)) {
    return {
      siguiente: 'enrolar_totp',
      desafio: await app.signChallenge(row.id, row.sesionVersion, 'enrolar_totp'),
    };
  }
  return null;
}
