import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { correos } from '../../db/schema';
import { findActiveSubscriber } from '../newsletter/newsletter.service';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Where a finished e-mail goes: an SMTP server, or the outbox table. */
export interface MailTransport {
  deliver(mail: Mail, unsubscribeUrl: string | null): Promise<void>;
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
  return {
    async deliver(mail, unsubscribeUrl) {
      const info = await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(unsubscribeUrl ? { list: { unsubscribe: unsubscribeUrl } } : {}),
      });
      log.info(
        { para: mail.to, asunto: mail.subject, messageId: info.messageId },
        'correo enviado',
      );
    },
    async close() {
      transporter.close();
    },
  };
}

/** Without SMTP the e-mail is kept in the `correos` table and logged, so nothing is lost. */
export function outboxTransport(db: Db, log: FastifyBaseLogger): MailTransport {
  return {
    async deliver(mail) {
      await db
        .insert(correos)
        .values({ para: mail.to, asunto: mail.subject, texto: mail.text, html: mail.html ?? null });
      // The body may hold a link that opens an account: it stays in the table, never in the log.
      log.info(
        { para: mail.to, asunto: mail.subject },
        'correo guardado en la bandeja de salida (sin SMTP_URL)',
      );
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
 * Sends the shop's e-mails. `send` waits for the delivery; `sendLater` composes and sends after the
 * reply has gone, so a caller cannot tell from the answer or its timing what was sent, and a failed
 * delivery is logged instead of failing the request. `settled` waits for those (tests, shutdown).
 */
export class Mailer {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly options: MailerOptions) {}

  link(path: string): string {
    return publicLink(this.options.publicUrl, path);
  }

  async send(mail: Mail): Promise<void> {
    const subscriber = await findActiveSubscriber(this.options.db, mail.to);
    const unsubscribeUrl = subscriber ? this.link(unsubscribePath(subscriber.tokenBaja)) : null;
    const finished = unsubscribeUrl ? withUnsubscribeFooter(mail, unsubscribeUrl) : mail;
    await this.options.transport.deliver(finished, unsubscribeUrl);
  }

  /** Runs `compose` after the current request has answered; a null mail means nothing to send. */
  sendLater(what: string, compose: () => Promise<Mail | null>): void {
    const task = new Promise<void>((resolve) => setImmediate(resolve))
      .then(compose)
      .then((mail) => (mail ? this.send(mail) : undefined))
      .catch((err: unknown) => {
        this.options.log.error({ err, correo: what }, 'no se pudo enviar un correo');
      })
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  async close(): Promise<void> {
    await this.settled();
    await this.options.transport.close();
  }
}
