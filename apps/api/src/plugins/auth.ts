import type { Role, Usuario } from '@nexbyte/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jwtVerify, SignJWT } from 'jose';
import { usuarios } from '../db/schema';
import { HttpError, MESSAGES } from '../http-errors';
import { toUsuario } from '../modules/users/users.repository';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A session token for the user, carrying the session version it is valid for (the `sv`
     * claim): a password change raises the user's version and so refuses every older token.
     */
    signToken(user: Pick<Usuario, 'id' | 'role'>, sessionVersion: number): Promise<string>;
    /** The user behind the request's Bearer token, or null when there is none or it is not valid. */
    currentUser(request: FastifyRequest): Promise<Usuario | null>;
    requireUser(request: FastifyRequest): Promise<void>;
    requireAdmin(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    user: Usuario | null;
  }
}

const ALGORITHM = 'HS256';
/** Tokens issued before session versions existed have no `sv`; they stand for version 0. */
const FIRST_SESSION_VERSION = 0;

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

async function auth(app: FastifyInstance) {
  const key = new TextEncoder().encode(app.config.jwtSecret);
  app.decorateRequest('user', null);

  app.decorate('signToken', (user: Pick<Usuario, 'id' | 'role'>, sessionVersion: number) =>
    new SignJWT({ role: user.role, sv: sessionVersion })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(String(user.id))
      .setIssuedAt()
      .setExpirationTime(app.config.jwtExpiresIn)
      .sign(key),
  );

  /**
   * Verifies the token (algorithm pinned) and reads the user, so a deleted user, a changed role or
   * a changed password (another session version) counts at once.
   */
  async function userFromToken(token: string): Promise<Usuario | null> {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM] });
      const id = Number(payload.sub);
      if (!Number.isSafeInteger(id) || id <= 0) return null;
      const [row] = await app.db.select().from(usuarios).where(eq(usuarios.id, id));
      if (!row) return null;
      const version = payload.sv ?? FIRST_SESSION_VERSION;
      return version === row.sesionVersion ? toUsuario(row) : null;
    } catch {
      return null;
    }
  }

  app.decorate('currentUser', async (request: FastifyRequest) => {
    if (request.user) return request.user;
    const token = bearerToken(request);
    request.user = token ? await userFromToken(token) : null;
    return request.user;
  });

  app.decorate('requireUser', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw new HttpError(401, MESSAGES.unauthenticated);
    const user = await app.currentUser(request);
    if (!user) throw new HttpError(401, MESSAGES.invalidSession);
  });

  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    await app.requireUser(request);
    if ((request.user?.role as Role) !== 'ADMIN') throw new HttpError(403, MESSAGES.forbidden);
  });
}

export default fp(auth, { name: 'auth', dependencies: ['core'] });
