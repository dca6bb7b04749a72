import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { App } from '../../app';
import { correos } from './mail.schema';

/** An e-mail delivered into the outbox (no SMTP_URL): its body is kept. */
export interface OutboxMail {
  id: number;
  para: string;
  asunto: string;
  texto: string;
  html: string | null;
  tipo: string;
  createdAt: Date;
}

/** The e-mails delivered to the outbox for an address, oldest first, once the due ones have run. */
export async function mailsTo(t: { app: App }, to: string): Promise<OutboxMail[]> {
  await t.app.mailer.settled();
  const rows = await t.app.db
    .select()
    .from(correos)
    .where(and(eq(correos.para, to), eq(correos.estado, 'enviado'), isNotNull(correos.texto)))
    .orderBy(asc(correos.id));
  return rows.map((r) => ({
    id: r.id,
    para: r.para!,
    asunto: r.asunto!,
    texto: r.texto!,
    html: r.html,
    tipo: r.tipo,
    createdAt: r.createdAt,
  }));
}

/** The token at the end of the first link to `path` (e.g. '/recuperar/') in an e-mail text. */
export function tokenInLink(text: string, path: string): string {
  const at = text.indexOf(path);
  if (at < 0) throw new Error(`no hay un enlace a ${path} en:\n${text}`);
  return text.slice(at + path.length).split(/\s/)[0]!;
}
