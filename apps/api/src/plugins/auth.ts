import { isStaffRole, type Role, type Usuario } from '@nexbyte/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jwtVerify, SignJWT } from 'jose';
import { HttpError, MESSAGES } from '../http-errors';
import { logSecurityEvent } from '../modules/auth/security-log';
import { findLiveSession, insertSession, touchSession } from '../modules/auth/sessions.repository';
import { findUserRowById, toUsuario } from '../modules/users/users.service';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Opens a session for the user (a row of `sesiones`, decision 014) and answers its token,
     * which names the session (`sid`) and the user's session version (`sv`). Logging out deletes
     * the row; a password change, a role change or ending all sessions raises the user's version,
     * and either refuses the token from the next request on.
     */
    openSession(request: FastifyRequest, user: SessionUser): Promise<string>;
    /**
     * The user and session a well-signed, unexpired session token names, without asking the
     * database whether the session still exists (logging out of an ended session is a success).
     */
    sessionClaims(request: FastifyRequest): Promise<{ userId: number; sessionId: string } | null>;
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
    /** The id of the session the request's token belongs to, once currentUser accepted it. */
    sessionId: string | null;
  }
}

export type ChallengePurpose = 'totp' | 'enrolar_totp';
type UsuarioRow = NonNullable<Awaited<ReturnType<typeof findUserRowById>>>;
type SessionUser = { id: number; role: string; sesionVersion: number };

/** How long the step after the password may take: a code now, or setting up the app. */
const CHALLENGE_LIFETIME: Record<ChallengePurpose, string> = { totp: '5m', enrolar_totp: '15m' };

const ALGORITHM = 'HS256';
/** Who issues session tokens and who they are for; other tokens of ours name other audiences. */
export const SESSION_ISSUER = 'nexbyte';
export const SESSION_AUDIENCE = 'nexbyte-api';
/** A challenge must say when it was issued, when it ends, whose it is and its version. */
const REQUIRED_CLAIMS = ['exp', 'iat', 'sub', 'sv'];
/** A session token also names its session. */
const SESSION_CLAIMS = [...REQUIRED_CLAIMS, 'sid'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** '8h', '30m', '45s', '1d' in seconds (the forms the configuration writes a lifetime in). */
export function lifetimeSeconds(lifetime: string): number {
  const match = /^(\d+)\s*([smhd])$/.exec(lifetime.trim());
  if (!match) throw new Error(`Duración no válida: ${lifetime}`);
  const unit = { s: 1, m: 60, h: 3600, d: 86_400 }[match[2] as 's' | 'm' | 'h' | 'd'];
  return Number(match[1]) * unit;
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

async function auth(app: FastifyInstance) {
  const key = new TextEncoder().encode(app.config.jwtSecret);
  const sessionSeconds = lifetimeSeconds(app.config.jwtExpiresIn);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);

  app.decorate('openSession', async (request: FastifyRequest, user: SessionUser) => {
    const sid = await insertSession(app.db, {
      userId: user.id,
      sessionVersion: user.sesionVersion,
      userAgent: request.headers['user-agent'] ?? null,
      lifetimeSeconds: sessionSeconds,
    });
    return new SignJWT({ role: user.role, sv: user.sesionVersion, sid })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setIssuer(SESSION_ISSUER)
      .setAudience(SESSION_AUDIENCE)
      .setSubject(String(user.id))
      .setIssuedAt()
      .setExpirationTime(app.config.jwtExpiresIn)
      .sign(key);
  });

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
   * Verifies the token's signature and claims only (algorithm, issuer and audience pinned;
   * expiry, issue time, subject, version and session required; no older than a session lasts,
   * whatever its `exp` says).
   */
  async function claimsOf(token: string) {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: [ALGORITHM],
        issuer: SESSION_ISSUER,
        audience: SESSION_AUDIENCE,
        requiredClaims: SESSION_CLAIMS,
        maxTokenAge: app.config.jwtExpiresIn,
      });
      const userId = Number(payload.sub);
      const { sv, sid } = payload;
      if (!Number.isSafeInteger(userId) || userId <= 0) return null;
      if (typeof sid !== 'string' || !UUID.test(sid) || typeof sv !== 'number') return null;
      return { userId, sessionId: sid, sessionVersion: sv };
    } catch {
      return null;
    }
  }

  /**
   * The token's user when its session still works: its row exists and has not expired, and the
   * token, the row and the user have one session version. The database answers on every request
   * (no cache), so a session ended on any instance is refused by every instance at once. A
   * deleted user or a changed role counts at once too. Moves the session's "last used" once per
   * step.
   */
  async function userFromToken(token: string, request: FastifyRequest): Promise<Usuario | null> {
    const claims = await claimsOf(token);
    if (!claims) return null;
    const [row, session] = await Promise.all([
      findUserRowById(app.db, claims.userId),
      findLiveSession(app.db, claims.sessionId, claims.userId),
    ]);
    if (!row || !session) return null;
    if (claims.sessionVersion !== row.sesionVersion) return null;
    if (session.sessionVersion !== row.sesionVersion) return null;
    if (session.due) await touchSession(app.db, claims.sessionId);
    request.sessionId = claims.sessionId;
    return toUsuario(row);
  }

  app.decorate('sessionClaims', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    const claims = token ? await claimsOf(token) : null;
    return claims && { userId: claims.userId, sessionId: claims.sessionId };
  });

  app.decorate('currentUser', async (request: FastifyRequest) => {
    if (request.user) return request.user;
    const token = bearerToken(request);
    request.user = token ? await userFromToken(token, request) : null;
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
