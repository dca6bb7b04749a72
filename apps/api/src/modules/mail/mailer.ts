import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { correos } from './mail.schema';
import { activeSubscriberTokens } from '../newsletter/newsletter.service';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** A finished e-mail and, for a newsletter subscriber, the way out of the newsletter. */
export interface Outgoing {
  mail: Mail;
  unsubscribeUrl: string | null;
}

/**
 * Where finished e-mails go: an SMTP server, or the outbox table. One result per e-mail, in order,
 * so that one refused address does not count as the others' failure.
 */
export interface MailTransport {
  deliver(batch: readonly Outgoing[]): Promise<PromiseSettledResult<void>[]>;
  close(): Promise<void>;
}

/** The address of a screen of the shop, for links inside e-mails. */
function publicLink(publicUrl: string, path: string): string {
  return `${publicUrl}${path.startsWith('/') ? path : `/${path}`}`;
}

function unsubscribePath(token: string): string {
  return `/newsletter/baja#${encodeURIComponent(token)}`;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** Every e-mail to a subscriber ends with the way out of the newsletter. */
export function withUnsubscribeFooter(mail: Mail, unsubscribeUrl: string): Mail {
  const line = 'Recibes este correo porque estás suscrito al newsletter de Nexbyte.';
  return {
    ...mail,
    text: `${mail.text}\n\n--\n${line}\nPara darte de baja: ${unsubscribeUrl}\n`,
    ...(mail.html
      ? {
          html: `${mail.html}<hr><p>${line} <a href="${escapeHtml(unsubscribeUrl)}">Darme de baja</a></p>`,
        }
      : {}),
  };
}

export function smtpTransport(
  smtpUrl: string,
  from: string,
  log: FastifyBaseLogger,
): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  async function sendOne({ mail, unsubscribeUrl }: Outgoing) {
    const info = await transporter.sendMail({
      from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
      ...(unsubscribeUrl ? { list: { unsubscribe: unsubscribeUrl } } : {}),
    });
    log.info({ para: mail.to, asunto: mail.subject, messageId: info.messageId }, 'correo enviado');
  }
  return {
    // One after another: one SMTP conversation at a time, in the order they were asked for.
    async deliver(batch) {
      const results: PromiseSettledResult<void>[] = [];
      for (const outgoing of batch) {
        try {
          await sendOne(outgoing);
          results.push({ status: 'fulfilled', value: undefined });
        } catch (reason) {
          results.push({ status: 'rejected', reason });
        }
      }
      return results;
    },
    async close() {
      transporter.close();
    },
  };
}

/** Without SMTP the e-mail is kept in the `correos` table and logged, so nothing is lost. */
export function outboxTransport(db: Db, log: FastifyBaseLogger): MailTransport {
  return {
    // One statement for the whole batch: it is kept, or (and then each is reported) it is not.
    async deliver(batch) {
      if (batch.length === 0) return [];
      try {
        await db.insert(correos).values(
          batch.map(({ mail }) => ({
            para: mail.to,
            asunto: mail.subject,
            texto: mail.text,
            html: mail.html ?? null,
          })),
        );
      } catch (reason) {
        return batch.map(() => ({ status: 'rejected', reason }));
      }
      for (const { mail } of batch) {
        // The body may hold a link that opens an account: it stays in the table, never in the log.
        log.info(
          { para: mail.to, asunto: mail.subject },
          'correo guardado en la bandeja de salida (sin SMTP_URL)',
        );
      }
      return batch.map(() => ({ status: 'fulfilled', value: undefined }));
    },
    async close() {},
  };
}

export interface MailerOptions {
  db: Db;
  transport: MailTransport;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/**
 * How many e-mails waiting to be sent go out together: composed side by side, then one look-up of
 * newsletter subscribers and one delivery for all. At a peak (a message every few milliseconds)
 * the queue drains a batch per round trip instead of a mail per two, and so does not grow.
 */
export const MAILS_PER_BATCH = 50;

interface Queued {
  what: string;
  compose: () => Promise<Mail | null>;
}

/**
 * Sends the shop's e-mails. `send` waits for the delivery; `sendLater` composes and sends after the
 * reply has gone, so a caller cannot tell from the answer or its timing what was sent, and a failed
 * delivery is logged instead of failing the request. `settled` waits for those (tests, shutdown).
 */
export class Mailer {
  private readonly queue: Queued[] = [];
  private draining: Promise<void> | null = null;

  constructor(private readonly options: MailerOptions) {}

  link(path: string): string {
    return publicLink(this.options.publicUrl, path);
  }

  async send(mail: Mail): Promise<void> {
    const [result] = await this.deliver([mail]);
    if (result?.status === 'rejected') throw result.reason;
  }

  /** Subscribers' e-mails get the way out of the newsletter; then the transport takes them all. */
  private async deliver(mails: readonly Mail[]): Promise<PromiseSettledResult<void>[]> {
    const tokens = await activeSubscriberTokens(
      this.options.db,
      mails.map((mail) => mail.to),
    );
    return this.options.transport.deliver(
      mails.map((mail) => {
        const token = tokens.get(mail.to.trim().toLowerCase());
        const unsubscribeUrl = token ? this.link(unsubscribePath(token)) : null;
        return {
          mail: unsubscribeUrl ? withUnsubscribeFooter(mail, unsubscribeUrl) : mail,
          unsubscribeUrl,
        };
      }),
    );
  }

  /** Runs `compose` after the current request has answered; a null mail means nothing to send. */
  sendLater(what: string, compose: () => Promise<Mail | null>): void {
    this.queue.push({ what, compose });
    this.kick();
  }

  private kick() {
    if (this.draining || this.queue.length === 0) return;
    this.draining = this.drain().finally(() => {
      this.draining = null;
      this.kick();
    });
  }

  private failed(what: string, err: unknown) {
    this.options.log.error({ err, correo: what }, 'no se pudo enviar un correo');
  }

  private async drain() {
    // After the reply that asked for them has gone.
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, MAILS_PER_BATCH);
      const composed = await Promise.all(
        batch.map(async ({ what, compose }) => {
          try {
            return { what, mail: await compose() };
          } catch (err) {
            this.failed(what, err);
            return { what, mail: null };
          }
        }),
      );
      const ready = composed.filter((c): c is { what: string; mail: Mail } => c.mail !== null);
      if (ready.length === 0) continue;
      let results: PromiseSettledResult<void>[];
      try {
        results = await this.deliver(ready.map((c) => c.mail));
      } catch (reason) {
        results = ready.map(() => ({ status: 'rejected', reason }));
      }
      results.forEach((result, i) => {
        if (result.status === 'rejected') this.failed(ready[i]!.what, result.reason);
      });
    }
  }

  async settled(): Promise<void> {
    while (this.draining) await this.draining;
  }

  async close(): Promise<void> {
    await this.settled();
    await this.options.transport.close();
  }
}
