import {
  buildDomainSchemas,
  errorResponseSchema,
  RECOVERY_MESSAGES,
  messageResponseSchema,
  RECOVERY_LINK_MINUTES,
  buildRestablecerPasswordSchema,
} from '@nexbyte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, HttpError } from '../../http-errors';
import { hashPassword, refuseCommonPassword } from '../../passwords';
import type { Mail } from '../mail/mailer';
import { findUserRowByCorreo } from '../users/users.service';
import { redeemRecoveryToken } from './password-change';
import { RECOVERY_BLOCKED_MESSAGE } from './recovery-limiter';
import { logSecurityEvent } from './security-log';
import { findUsableRecoveryToken, issueRecoveryToken } from './recovery.repository';

/** The shape of the tokens we issue (32 bytes in base64url); anything else is not worth a query. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function recoveryMail(to: string, nombre: string, link: string): Mail {
  return {
    to,
    subject: 'Crea una nueva contraseña para tu cuenta Nexbyte',
    text: [
      `Hola ${nombre}:`,
      '',
      'Recibimos una solicitud para crear una nueva contraseña para tu cuenta de Nexbyte.',
      `Abre este enlace para elegirla. Vale por ${RECOVERY_LINK_MINUTES} minutos y sirve una sola vez:`,
      '',
      link,
      '',
      'Si no la pediste tú, ignora este correo: tu contraseña actual sigue funcionando.',
      '',
      'Equipo Nexbyte',
    ].join('\n'),
  };
}

const recoveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { recuperar } = buildDomainSchemas(app.config.allowedEmailDomains);
  const tags = ['autenticación'];
  const log = app.log.child({ modulo: 'recuperacion' });
  // Everything that depends on the account happens in the e-mail's job, after the answer, so
  // neither the answer nor its timing tells whether the e-mail has an account. Each attempt
  // issues its own link; the short queue gives up before a link would expire.
  const enqueueRecovery = app.mailer.kind<{ correo: string }>(
    'recuperacion',
    async ({ correo }) => {
      const user = await findUserRowByCorreo(app.db, correo);
      if (!user) {
        log.info('recuperación de contraseña pedida para un correo sin cuenta');
        return null;
      }
      const token = await issueRecoveryToken(app.db, user.id);
      log.info({ userId: user.id }, 'enlace de recuperación de contraseña emitido');
      // In the fragment: the browser never sends it, so no server or proxy log sees it.
      return recoveryMail(user.correo, user.nombre, app.mailer.link(`/recuperar#${token}`));
    },
    'correo-breve',
  );

  app.post(
    '/auth/recuperar',
    {
      schema: {
        tags,
        description:
          'Pide un enlace para crear una nueva contraseña. La respuesta es la misma exista o no una cuenta con ese correo; el correo se envía después de responder.',
        body: recuperar,
        response: {
          202: messageResponseSchema,
          400: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { correo } = request.body;
      const gate = await app.recoveryLimiter.consume(correo, request.ip);
      if (gate.blocked) {
        throw new HttpError(429, RECOVERY_BLOCKED_MESSAGE, undefined, {
          'retry-after': String(gate.retryAfterSeconds),
        });
      }
      await app.db.transaction((tx) =>
        enqueueRecovery(tx, 'recuperación de contraseña', { correo }),
      );
      return reply.status(202).send({ message: RECOVERY_MESSAGES.requested });
    },
  );

  app.post(
    '/auth/restablecer',
    {
      config: { rateLimit: { max: app.config.rateLimit.formsMax, timeWindow: '1 minute' } },
      schema: {
        tags,
        description:
          'Crea la nueva contraseña con el token del enlace (válido 30 minutos, una sola vez), enviado en el cuerpo: la página lo lee del fragmento de la dirección (`/recuperar#<token>`). Cierra todas las sesiones abiertas antes del cambio.',
        body: buildRestablecerPasswordSchema(app.config.passwordPolicy),
        response: {
          200: messageResponseSchema,
          400: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { token } = request.body;
      const invalid = () => badRequest(RECOVERY_MESSAGES.invalidLink);
      // Look before hashing, so a made-up token costs a query and not an argon2 hash.
      if (!TOKEN_PATTERN.test(token) || !(await findUsableRecoveryToken(app.db, token))) {
        throw invalid();
      }
      await refuseCommonPassword(app.config.passwordPolicy, request.body.pass);
      const user = await redeemRecoveryToken(app.db, token, await hashPassword(request.body.pass));
      if (!user) throw invalid();
      // Whoever proved they own the e-mail should not stay locked out by earlier failed logins.
      await app.loginLimiter.recordSuccess(user.correo);
      logSecurityEvent(request.log, 'password.restablecida', { userId: user.id });
      return { message: RECOVERY_MESSAGES.passwordSet };
    },
  );
};

export default recoveryRoutes;
