import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { USER_AGENT_MAX } from './device';
import { sesiones } from './sessions.schema';

/**
 * A session's "last used" moves at most once per this many seconds: reading it costs nothing
 * extra (it comes with the session's row), and at most one write per session in each step.
 */
export const LAST_USED_STEP_SECONDS = 300;

export type SessionRow = typeof sesiones.$inferSelect;

export interface NewSession {
  userId: number;
  sessionVersion: number;
  userAgent: string | null;
  /** How long the session lasts (the token's 8 hours). */
  lifetimeSeconds: number;
}

/**
 * Opens a session and answers its id. The user's sessions that can no longer be used (expired, or
 * of an older session version) are swept first, so the table holds at most the sessions of each
 * user's last 8 hours.
 */
export async function insertSession(db: Db, session: NewSession): Promise<string> {
  const id = randomUUID();
  await db
    .delete(sesiones)
    .where(
      and(
        eq(sesiones.usuarioId, session.userId),
        or(lte(sesiones.expiresAt, sql`now()`), ne(sesiones.sesionVersion, session.sessionVersion)),
      ),
    );
  await db.insert(sesiones).values({
    id,
    usuarioId: session.userId,
    sesionVersion: session.sessionVersion,
    agenteUsuario: session.userAgent?.slice(0, USER_AGENT_MAX) || null,
    expiresAt: sql`now() + make_interval(secs => ${session.lifetimeSeconds})`,
  });
  return id;
}

/**
 * The session with this id of this user while it has not expired, and whether its "last used"
 * is older than a step (so the caller moves it); null when it ended or never existed.
 */
export async function findLiveSession(
  db: Db,
  id: string,
  userId: number,
): Promise<{ sessionVersion: number; due: boolean } | null> {
  const [row] = await db
    .select({
      sessionVersion: sesiones.sesionVersion,
      due: sql<boolean>`${sesiones.lastUsedAt} <= now() - make_interval(secs => ${LAST_USED_STEP_SECONDS})`,
    })
    .from(sesiones)
    .where(
      and(eq(sesiones.id, id), eq(sesiones.usuarioId, userId), gt(sesiones.expiresAt, sql`now()`)),
    );
  return row ?? null;
}

/**
 * Moves the session's "last used" to now, unless another request (on any instance) already did
 * within the step: the condition makes the write happen once per step however many race for it.
 */
export async function touchSession(db: Db, id: string): Promise<void> {
  await db
    .update(sesiones)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(sesiones.id, id),
        lte(sesiones.lastUsedAt, sql`now() - make_interval(secs => ${LAST_USED_STEP_SECONDS})`),
      ),
    );
}

/** The user's sessions that still work (this version, not expired), the most recently used first. */
export async function listLiveSessions(
  db: Db,
  userId: number,
  sessionVersion: number,
): Promise<SessionRow[]> {
  return db
    .select()
    .from(sesiones)
    .where(
      and(
        eq(sesiones.usuarioId, userId),
        eq(sesiones.sesionVersion, sessionVersion),
        gt(sesiones.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(sesiones.lastUsedAt), desc(sesiones.createdAt));
}

/** Ends one session of the user; false when the user has no such session (any more). */
export async function deleteSession(db: Db, id: string, userId: number): Promise<boolean> {
  const rows = await db
    .delete(sesiones)
    .where(and(eq(sesiones.id, id), eq(sesiones.usuarioId, userId)))
    .returning({ id: sesiones.id });
  return rows.length > 0;
}

/** Drops every session row of the user (after their session version went up). */
export async function deleteUserSessions(db: Db, userId: number): Promise<void> {
  await db.delete(sesiones).where(eq(sesiones.usuarioId, userId));
}

/** Sessions that expired more than a day ago (a periodic job clears them; none can be used). */
export async function deleteExpiredSessions(db: Db): Promise<number> {
  const gone = await db
    .delete(sesiones)
    .where(lte(sesiones.expiresAt, sql`now() - interval '1 day'`))
    .returning({ id: sesiones.id });
  return gone.length;
}
