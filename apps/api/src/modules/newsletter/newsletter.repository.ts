import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newsletterSuscriptores } from './newsletter.schema';

export type Suscriptor = typeof newsletterSuscriptores.$inferSelect;

/** 256 random bits: nobody can derive an address's unsubscribe link, nor guess one. */
const newUnsubscribeToken = () => randomBytes(32).toString('base64url');

/**
 * Subscribes an e-mail (already lower-cased). One row per address: subscribing again changes
 * nothing, and an address that had left comes back. Returns the row when it is newly active (a
 * new subscriber or one coming back), null when it already was, so a welcome goes out only once.
 */
export async function subscribe(db: Db, email: string): Promise<Suscriptor | null> {
  const [row] = await db
    .insert(newsletterSuscriptores)
    .values({ email, tokenBaja: newUnsubscribeToken() })
    .onConflictDoUpdate({
      target: newsletterSuscriptores.email,
      set: { activo: true, bajaAt: null },
      setWhere: eq(newsletterSuscriptores.activo, false),
    })
    .returning();
  return row ?? null;
}

/** Unsubscribes the owner of the token; false when no subscriber has it. Doing it twice is fine. */
export async function unsubscribe(db: Db, token: string): Promise<boolean> {
  const rows = await db
    .update(newsletterSuscriptores)
    .set({ activo: false, bajaAt: sql`coalesce(${newsletterSuscriptores.bajaAt}, now())` })
    .where(eq(newsletterSuscriptores.tokenBaja, token))
    .returning({ id: newsletterSuscriptores.id });
  return rows.length > 0;
}

/** The unsubscribe tokens of those of `emails` who are active subscribers, by lower-cased e-mail. */
export async function activeSubscriberTokens(
  db: Db,
  emails: readonly string[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(emails.map((email) => email.trim().toLowerCase()))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ email: newsletterSuscriptores.email, token: newsletterSuscriptores.tokenBaja })
    .from(newsletterSuscriptores)
    .where(
      and(inArray(newsletterSuscriptores.email, wanted), eq(newsletterSuscriptores.activo, true)),
    );
  return new Map(rows.map((row) => [row.email, row.token]));
}

export async function countActiveSubscribers(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(newsletterSuscriptores)
    .where(eq(newsletterSuscriptores.activo, true));
  return row?.n ?? 0;
}

export async function listActiveSubscribers(db: Db) {
  return db
    .select({ email: newsletterSuscriptores.email, createdAt: newsletterSuscriptores.createdAt })
    .from(newsletterSuscriptores)
    .where(eq(newsletterSuscriptores.activo, true))
    .orderBy(asc(newsletterSuscriptores.createdAt), asc(newsletterSuscriptores.id));
}
