import { errorResponseSchema, SESSION_MESSAGES, sesionesSchema } from '@nexbyte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, MESSAGES, notFound } from '../../http-errors';
import { endSessions, findUserRowById } from '../users/users.service';
import { describeDevice } from './device';
import { logSecurityEvent } from './security-log';
import { deleteExpiredRecoveryTokens } from './recovery.repository';
import {
  deleteExpiredSessions,
  deleteSession,
  deleteUserSessions,
  listLiveSessions,
} from './sessions.repository';

/** How often expired sessions and recovery links are cleared (a periodic job, once per period). */
export const TOKEN_CLEANUP_SECONDS = 3_600;

const loggedIn = [{ bearerAuth: [] }];
const errorResponses = { 400: errorResponseSchema, 401: errorResponseSchema };
const sessionParams = z.object({ id: z.uuid({ error: 'El identificador no es válido.' }) });

/** "Mi cuenta", sessions (decision 014): the user's open sessions, ended one by one or all at once. */
const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['mi cuenta'];

  app.jobs.every('limpieza-credenciales', TOKEN_CLEANUP_SECONDS, async () => {
    const [sesiones, enlaces] = [
      await deleteExpiredSessions(app.db),
      await deleteExpiredRecoveryTokens(app.db),
    ];
    if (sesiones + enlaces > 0) {
      app.log.info({ sesiones, enlaces }, 'sesiones y enlaces de recuperación vencidos eliminados');
    }
  });

  /** The session's user and session; requireUser ran in onRequest, so both are there. */
  const mine = (request: { user: { id: number } | null; sessionId: string | null }) => {
    if (!request.user || !request.sessionId) throw new HttpError(401, MESSAGES.invalidSession);
    return { userId: request.user.id, sessionId: request.sessionId };
  };

  app.get(
    '/cuenta/sesiones',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security: loggedIn,
        description:
          'Las sesiones abiertas de la cuenta, la usada más recientemente primero: el dispositivo (leído del navegador), cuándo empezó, cuándo se usó por última vez (se anota a lo más cada 5 minutos) y `actual: true` en la que pregunta.',
        response: { 200: sesionesSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { userId, sessionId } = mine(request);
      const user = await findUserRowById(app.db, userId);
      if (!user) throw new HttpError(401, MESSAGES.invalidSession);
      const rows = await listLiveSessions(app.db, userId, user.sesionVersion);
      return rows.map((row) => ({
        id: row.id,
        dispositivo: describeDevice(row.agenteUsuario),
        iniciadaEn: row.createdAt.toISOString(),
        usadaEn: row.lastUsedAt.toISOString(),
        actual: row.id === sessionId,
      }));
    },
  );

  app.delete(
    '/cuenta/sesiones/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security: loggedIn,
        description:
          'Cierra una sesión de la cuenta (la de otro dispositivo, o esta misma): su token deja de valer en todas las instancias desde la petición siguiente. Una sesión que no es de la cuenta o ya terminó responde 404.',
        params: sessionParams,
        response: { 204: z.null(), 404: errorResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { userId } = mine(request);
      if (!(await deleteSession(app.db, request.params.id, userId))) {
        throw notFound(SESSION_MESSAGES.notFound);
      }
      logSecurityEvent(request.log, 'sesion.cerrada', { userId });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/cuenta/sesiones/cerrar-todas',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security: loggedIn,
        description:
          'Cierra todas las sesiones de la cuenta en todos los dispositivos, esta incluida (sube la versión de sesión del usuario, como un cambio de contraseña).',
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { userId } = mine(request);
      await endSessions(app.db, userId);
      await deleteUserSessions(app.db, userId);
      logSecurityEvent(request.log, 'sesiones.cerradas', { userId });
      return reply.status(204).send(null);
    },
  );
};

export default sessionRoutes;
