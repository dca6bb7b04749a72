import { isStaffRole, type Role, type Usuario } from '@nexbyte/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jwtVerify, SignJWT } from 'jose';
import { HttpError, MESSAGES } from '../http-errors';
import { logSecurityEvent } from '../modules/auth/security-log';
import { findUserRowById, toUsuario } from '../modules/users/users.service';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A session token for the user, carrying the session version it is valid for (the `sv`
     * claim): a password change, a logout or an admin ending the sessions raises the user's
     * version and so refuses every older token.
     */
    signToken(user: Pick<Usuario, 'id' | 'role'>, sessionVersion: number): Promise<string>;
    /**
     * A short-lived token for the step after a right password (decision 015): the TOTP code, or
     * enrolling TOTP first. It names its own audience, so it never passes as a session.
     */
    signChallenge(
      userId: number,
      sessionVersion: number,
      purpose: ChallengePurpose,
    ): Promise<string>;
    /** The user a challenge was issued to, or null when it is not valid, expired or stale. */
    verifyChallenge(token: string, purpose: ChallengePurpose): Promise<UsuarioRow | null>;
    /** The user behind the request's Bearer token, or null when there is none or it is not valid. */
    currentUser(request: FastifyRequest): Promise<Usuario | null>;
    requireUser(request: FastifyRequest): Promise<void>;
    requireAdmin(request: FastifyRequest): Promise<void>;
    /**
     * ADMIN or VENDOR (decision 018): the catalogue (products, photos, categories, import and
     * export) and order status changes. Users, contact messages, support requests and the
     * newsletter list stay with requireAdmin.
     */
    requireStaff(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    user: Usuario | null;
  }
}

export type ChallengePurpose = 'totp' | 'enrolar_totp';
type UsuarioRow = NonNullable<Awaited<ReturnType<typeof findUserRowById>>>;

/** How long the step after the password may take: a code now, or setting up the app. */
const CHALLENGE_LIFETIME: Record<ChallengePurpose, string> = { totp: '5m', enrolar_totp: '15m' };

const ALGORITHM = 'HS256';
/** Who issues session tokens and who they are for; other tokens of ours name other audiences. */
export const SESSION_ISSUER = 'nexbyte';
export const SESSION_AUDIENCE = 'nexbyte-api';
/** A session token must say when it was issued, when it ends, whose it is and its version. */
const REQUIRED_CLAIMS = ['exp', 'iat', 'sub', 'sv'];

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
      .setIssuer(SESSION_ISSUER)
      .setAudience(SESSION_AUDIENCE)
      .setSubject(String(user.id))
      .setIssuedAt()
      .setExpirationTime(app.config.jwtExpiresIn)
      .sign(key),
  );

  app.decorate(
    'signChallenge',
    (userId: number, sessionVersion: number, purpose: ChallengePurpose) =>
      new SignJWT({ sv: sessionVersion })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setIssuer(SESSION_ISSUER)
        .setAudience(`nexbyte-${purpose}`)
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(CHALLENGE_LIFETIME[purpose])
        .sign(key),
  );

  app.decorate('verifyChallenge', async (token: string, purpose: ChallengePurpose) => {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: [ALGORITHM],
        issuer: SESSION_ISSUER,
        audience: `nexbyte-${purpose}`,
        requiredClaims: REQUIRED_CLAIMS,
        maxTokenAge: CHALLENGE_LIFETIME[purpose],
      });
      const row = await findUserRowById(app.db, Number(payload.sub));
      return row && payload.sv === row.sesionVersion ? row : null;
    } catch {
      return null;
    }
  });

  /**
   * Verifies the token (algorithm, issuer and audience pinned; expiry, issue time, subject and
   * version required; no older than a session lasts, whatever its `exp` says) and reads the user,
   * so a deleted user, a changed role or an ended session (another session version) counts at once.
   */
  async function userFromToken(token: string): Promise<Usuario | null> {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: [ALGORITHM],
        issuer: SESSION_ISSUER,
        audience: SESSION_AUDIENCE,
        requiredClaims: REQUIRED_CLAIMS,
        maxTokenAge: app.config.jwtExpiresIn,
      });
      const id = Number(payload.sub);
      if (!Number.isSafeInteger(id) || id <= 0) return null;
      const row = await findUserRowById(app.db, id);
      if (!row) return null;
      return payload.sv === row.sesionVersion ? toUsuario(row) : null;
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

  /** A refused request, with its route and whose it was when known; never the token. */
  const refuse = (request: FastifyRequest, status: 401 | 403, message: string) => {
    logSecurityEvent(request.log, 'acceso.denegado', {
      status,
      // The route's template, never the URL itself: a URL can carry a token.
      ruta: request.routeOptions.url ?? '(sin ruta)',
      userId: request.user?.id ?? null,
    });
    return new HttpError(status, message);
  };

  app.decorate('requireUser', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw refuse(request, 401, MESSAGES.unauthenticated);
    const user = await app.currentUser(request);
    if (!user) throw refuse(request, 401, MESSAGES.invalidSession);
  });

  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    await app.requireUser(request);
    if ((request.user?.role as Role) !== 'ADMIN') throw refuse(request, 403, MESSAGES.forbidden);
  });

  app.decorate('requireStaff', async (request: FastifyRequest) => {
    await app.requireUser(request);
    if (!isStaffRole(request.user?.role)) throw refuse(request, 403, MESSAGES.forbidden);
  });
}

export default fp(auth, { name: 'auth', dependencies: ['core'] });
