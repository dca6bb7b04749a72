import { asc, eq } from 'drizzle-orm';
import type { App } from '../../app';
import { correos } from './mail.schema';

/** The e-mails kept in the outbox for an address, oldest first, once those in flight are done. */
export async function mailsTo(t: { app: App }, to: string) {
  await t.app.mailer.settled();
  return t.app.db.select().from(correos).where(eq(correos.para, to)).orderBy(asc(correos.id));
}

/** The token at the end of the first link to `path` (e.g. '/recuperar/') in an e-mail text. */
export function tokenInLink(text: string, path: string): string {
  const at = text.indexOf(path);
  if (at < 0) throw new Error(`no hay un enlace a ${path} en:\n${text}`);
  return text.slice(at + path.length).split(/\s/)[0]!;
}
