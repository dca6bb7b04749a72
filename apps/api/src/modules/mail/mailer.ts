import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import type { Job, JobQueue, QueuePolicy } from '../jobs/job-queue';
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
  /** Stable per e-mail: its Message-ID, so a resend is recognisable as the same message. */
  messageKey?: string;
}

/**
 * Where finished e-mails go: an SMTP server, or the outbox table. One result per e-mail, in order,
 * so that one refused address does not count as the others' failure.
 */
export interface MailTransport {
  deliver(batch: readonly Outgoing[]): Promise<PromiseSettledResult<void>[]>;
  close(): Promise<void>;
  /** Whether a sent e-mail's body stays in its row (the outbox); with SMTP it is cleared. */
  keepsBody: boolean;
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

/** An SMTP answer that says the message can never be delivered as addressed: not retried. */
export function isPermanentFailure(err: unknown): boolean {
  const { responseCode, code } = (err ?? {}) as { responseCode?: number; code?: string };
  return (
    typeof responseCode === 'number' &&
    responseCode >= 500 &&
    responseCode < 600 &&
    (code === 'EENVELOPE' || code === 'EMESSAGE')
  );
}

/** The last error, for the owner's list: the SMTP answer or the failure's kind, never a body. */
export function describeFailure(err: unknown): string {
  const { responseCode, code, message } = (err ?? {}) as {
    responseCode?: number;
    code?: string;
    message?: string;
  };
  const head = [responseCode, code].filter(Boolean).join(' ');
  return `${head ? `${head}: ` : ''}${message ?? String(err)}`.slice(0, 500);
}

export function smtpTransport(
  smtpUrl: string,
  from: string,
  timeoutMs: number,
  log: FastifyBaseLogger,
): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl, {
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'nexbyte.cl';
  async function sendOne({ mail, unsubscribeUrl, messageKey }: Outgoing) {
    const info = await transporter.sendMail({
      from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
      ...(unsubscribeUrl ? { list: { unsubscribe: unsubscribeUrl } } : {}),
      // The same e-mail sent again (the one window SMTP leaves open) carries the same Message-ID.
      ...(messageKey ? { messageId: `<${messageKey}@${domain}>` } : {}),
    });
    log.info({ para: mail.to, asunto: mail.subject, messageId: info.messageId }, 'correo enviado');
  }
  return {
    keepsBody: false,
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

/**
 * Without SMTP an e-mail is delivered into its own row of the `correos` table (body kept) and
 * logged, so nothing is lost and a developer can read it (GET /api/dev/correos).
 */
export function outboxTransport(log: FastifyBaseLogger): MailTransport {
  return {
    keepsBody: true,
    async deliver(batch) {
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
  jobs: JobQueue;
  transport: MailTransport;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** An attempt older than this that never recorded its end is taken as dead (its worker died). */
  staleSendMs: number;
}

/**
 * How often an e-mail is tried (pg-boss: the first retry after `retryDelay` s, each next one after
 * twice as long, with jitter). The usual e-mail keeps trying for about six hours; a password
 * recovery is pointless once its 30-minute link has expired, so it stops within about ten minutes.
 */
export const MAIL_QUEUES = {
  correo: { retryLimit: 10, retryDelay: 15, retryBackoff: true, expireInSeconds: 180 },
  'correo-breve': { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 180 },
} as const satisfies Record<string, QueuePolicy>;
export type MailQueue = keyof typeof MAIL_QUEUES;

/**
 * E-mails a worker takes at once (a worker takes a batch per JOBS_POLL_SECONDS), sent over
 * MAIL_LANES SMTP conversations side by side. A batch must end within its queue's 180 s expiry:
 * 5 rounds of a conversation bounded by MAIL_SEND_TIMEOUT_MS steps.
 */
export const MAILS_PER_BATCH = 20;
const MAIL_LANES = 4;

/** How often e-mails left without a job are looked for (`failOrphans`). */
export const ORPHAN_CHECK_SECONDS = 300;
/** What the owner reads on such an e-mail. */
export const ORPHAN_ERROR =
  'El envío se interrumpió en su último intento y no quedan más: usa Reintentar.';

/** Builds one kind of e-mail from what was recorded; null: nothing to send any more. */
export type Composer<T> = (datos: T) => Promise<Mail | null>;

/**
 * Writes one e-mail of a kind inside `tx`; `tipo` labels it for people, `clave` dedupes it. Its
 * `writes` are the same kind of e-mail as common table expressions of a larger statement (an
 * event's statement subscriber, EventBus.onStatement): one for each row of `from`, with `tipo`
 * and `datos` as SQL expressions over it.
 */
export type Enqueue<T> = ((tx: Db, tipo: string, datos: T, clave?: string) => Promise<void>) & {
  writes: (prefix: string, from: SQL, tipo: SQL, datos: SQL) => SQL;
};

interface MailJob {
  correoId: number;
}

type Row = typeof correos.$inferSelect;

/** An e-mail this worker has claimed and composed, with the job that sends it. */
interface Claimed {
  row: Row;
  job: Job<MailJob>;
  mail: Mail;
}

/**
 * Sends the shop's e-mails through the durable job queue (decision 028). A module declares each
 * kind of e-mail with `kind` (a name and how to compose it) and enqueues it inside the transaction
 * of the change that causes it: a row in `correos` and a job, both or neither. A worker composes it
 * from the current data at each attempt and sends it once: the row is claimed ('enviando') before
 * the delivery and marked 'enviado' after it; a failure is retried with back-off, an address the
 * SMTP server says does not exist is not, and the last failure is kept for the owner to see.
 */
export class Mailer {
  private readonly composers = new Map<string, { queue: MailQueue; compose: Composer<unknown> }>();
  /** E-mails this process has claimed and is sending now. */
  private readonly sending = new Set<number>();

  constructor(private readonly options: MailerOptions) {
    for (const [queue, policy] of Object.entries(MAIL_QUEUES) as [MailQueue, QueuePolicy][]) {
      options.jobs.define<MailJob>(
        queue,
        policy,
        (jobs) => this.deliverJobs(jobs),
        MAILS_PER_BATCH,
      );
    }
    options.jobs.every('correos-huerfanos', ORPHAN_CHECK_SECONDS, async () => {
      await this.failOrphans();
    });
  }

  /**
   * E-mails still waiting or being sent whose job has ended (its worker died during the last
   * attempt, or the job expired then): nothing will come back for them. They are marked failed,
   * so the owner sees them and can 'Reintentar', instead of showing as waiting for ever. Resolves
   * to how many.
   */
  async failOrphans(): Promise<number> {
    const orphans = await this.options.db
      .update(correos)
      .set({ estado: 'fallido', enviandoDesde: null, ultimoError: ORPHAN_ERROR })
      .where(
        and(
          inArray(correos.estado, ['pendiente', 'enviando']),
          sql`${correos.trabajoId} is not null`,
          sql`not exists (select 1 from pgboss.job j
                           where j.id = ${correos.trabajoId}
                             and j.state in ('created', 'retry', 'active'))`,
        ),
      )
      .returning({ id: correos.id, tipo: correos.tipo });
    for (const orphan of orphans) {
      this.options.log.error(
        { correo: orphan.tipo, error: ORPHAN_ERROR, definitivo: true },
        'un correo no se pudo enviar',
      );
    }
    return orphans.length;
  }

  link(path: string): string {
    return publicLink(this.options.publicUrl, path);
  }

  /**
   * Sends now, outside the queue: only for what cannot wait for a job (a full disk cannot take
   * one). Without SMTP it is kept in the outbox table, if the disk still takes it.
   */
  async send(mail: Mail, tipo = 'aviso inmediato'): Promise<void> {
    const [result] = await this.deliver([{ mail, key: undefined }]);
    if (result?.status === 'rejected') throw result.reason;
    if (!this.options.transport.keepsBody) return;
    await this.options.db.insert(correos).values({
      tipo,
      para: mail.to,
      asunto: mail.subject.slice(0, 200),
      texto: mail.text,
      html: mail.html ?? null,
      estado: 'enviado',
      intentos: 1,
      sentAt: sql`now()`,
    });
  }

  /** Declares a kind of e-mail; returns how to enqueue one. */
  kind<T>(name: string, compose: Composer<T>, queue: MailQueue = 'correo'): Enqueue<T> {
    if (this.composers.has(name)) throw new Error(`tipo de correo repetido: ${name}`);
    this.composers.set(name, { queue, compose: compose as Composer<unknown> });
    // One statement per e-mail, inside the caller's transaction (often one that holds an order's
    // row locks): the row and its job.
    const enqueue = async (tx: Db, tipo: string, datos: T, clave?: string) => {
      await tx.execute(
        sql`with ${this.writes('correo', {
          compositor: name,
          queue,
          from: sql`(select 1) as uno`,
          tipo: sql`${tipo}`,
          datos: sql`${JSON.stringify(datos)}::jsonb`,
          clave: sql`${clave ?? null}::varchar`,
        })} select 1`,
      );
    };
    return Object.assign(enqueue, {
      writes: (prefix: string, from: SQL, tipo: SQL, datos: SQL) =>
        this.writes(prefix, { compositor: name, queue, from, tipo, datos, clave: sql`null` }),
    });
  }

  /**
   * E-mails of one kind (one per row of `from`) and the jobs that send them, as common table
   * expressions (named from `prefix`) of one statement: both are written or neither, in one
   * round trip. The same `clave` recorded again writes neither.
   */
  private writes(
    prefix: string,
    e: { compositor: string; queue: MailQueue; from: SQL; tipo: SQL; datos: SQL; clave: SQL },
  ): SQL {
    const correo = sql.identifier(`${prefix}_correo`);
    const jobs = this.options.jobs.writes(
      `${prefix}_trabajo`,
      e.queue,
      sql`(select trabajo_id as id, jsonb_build_object('correoId', id) as data from ${correo})`,
    );
    return sql`${correo} as (
        insert into correos (tipo, compositor, datos, clave, estado, trabajo_id)
        select left(${e.tipo}, 200), ${e.compositor}, ${e.datos}, ${e.clave}, 'pendiente',
               gen_random_uuid()
          from ${e.from}
        on conflict (clave) do nothing
        returning id, trabajo_id
      ), ${jobs}`;
  }

  private async schedule(tx: Db, correoId: number, queue: MailQueue) {
    const trabajoId = randomUUID();
    await tx.update(correos).set({ trabajoId }).where(eq(correos.id, correoId));
    await this.options.jobs.send(tx, queue, { correoId } satisfies MailJob, { id: trabajoId });
  }

  /** Takes back an order's e-mails not sent yet (an order given back as if never placed). */
  async forgetOrder(tx: Db, numero: string): Promise<void> {
    await tx
      .delete(correos)
      .where(and(eq(correos.estado, 'pendiente'), sql`${correos.datos}->>'numero' = ${numero}`));
  }

  /**
   * 'Reintentar' on a failed e-mail: waiting again, with a new job and a fresh count of attempts.
   * False when it is not failed (sent, or still trying).
   */
  async retry(correoId: number): Promise<boolean> {
    return this.options.db.transaction(async (tx) => {
      const [row] = await tx
        .update(correos)
        .set({ estado: 'pendiente', intentos: 0, enviandoDesde: null })
        .where(and(eq(correos.id, correoId), eq(correos.estado, 'fallido')))
        .returning({ id: correos.id, compositor: correos.compositor });
      if (!row) return false;
      await this.schedule(tx, row.id, this.composers.get(row.compositor ?? '')?.queue ?? 'correo');
      return true;
    });
  }

  /** Subscribers' e-mails get the way out of the newsletter, as the transport will send them. */
  private async prepare(
    mails: readonly { mail: Mail; key: string | undefined }[],
  ): Promise<Outgoing[]> {
    const tokens = await activeSubscriberTokens(
      this.options.db,
      mails.map(({ mail }) => mail.to),
    );
    return mails.map(({ mail, key }) => {
      const token = tokens.get(mail.to.trim().toLowerCase());
      const unsubscribeUrl = token ? this.link(unsubscribePath(token)) : null;
      return {
        mail: unsubscribeUrl ? withUnsubscribeFooter(mail, unsubscribeUrl) : mail,
        unsubscribeUrl,
        ...(key ? { messageKey: key } : {}),
      };
    });
  }

  private async deliver(
    mails: readonly { mail: Mail; key: string | undefined }[],
  ): Promise<PromiseSettledResult<void>[]> {
    return this.options.transport.deliver(await this.prepare(mails));
  }

  /**
   * The jobs of one batch, each e-mail sent once: claimed ('enviando', so two workers never send
   * one together), composed from the current data, addressed, sent over a few SMTP conversations
   * side by side and recorded. Claim, recipients and newsletter look-up are one statement for the
   * whole batch; each outcome is recorded on its own, right after its conversation. Returns the
   * jobs to retry with their errors (an e-mail sent, no longer needed or failed for good is done).
   */
  private async deliverJobs(jobs: Job<MailJob>[]): Promise<Map<string, Error>> {
    const { db, staleSendMs } = this.options;
    const failed = new Map<string, Error>();
    const jobOf = new Map(jobs.map((job) => [job.data.correoId, job]));
    const rows = await db
      .update(correos)
      .set({
        estado: 'enviando',
        enviandoDesde: sql`now()`,
        intentos: sql`${correos.intentos} + 1`,
      })
      .where(
        and(
          inArray(correos.id, [...jobOf.keys()]),
          or(
            eq(correos.estado, 'pendiente'),
            and(
              eq(correos.estado, 'enviando'),
              lt(correos.enviandoDesde, sql`now() - make_interval(secs => ${staleSendMs / 1000})`),
            ),
          ),
        ),
      )
      .returning();
    // In the order they were written.
    rows.sort((a, b) => a.id - b.id);
    const claimed = new Set(rows.map((row) => row.id));
    const unclaimed = [...jobOf.keys()].filter((id) => !claimed.has(id));
    if (unclaimed.length > 0) {
      // Sent already, failed for good or taken back: done. Held by a worker that is sending it
      // now, or that stopped mid-send: try again later (the claim goes stale after staleSendMs).
      const held = await db
        .select({ id: correos.id })
        .from(correos)
        .where(and(inArray(correos.id, unclaimed), eq(correos.estado, 'enviando')));
      for (const { id } of held) {
        failed.set(jobOf.get(id)!.id, new Error('otro proceso lo está enviando'));
      }
    }
    for (const row of rows) this.sending.add(row.id);
    try {
      const composed = await this.composeClaimed(rows, jobOf, failed);
      if (composed.length > 0) await this.sendComposed(composed, failed);
    } finally {
      for (const row of rows) this.sending.delete(row.id);
    }
    return failed;
  }

  /**
   * Composes the claimed e-mails; one that cannot be composed waits for its retry, one whose
   * subject is gone (an order given back before its payment opened) is dropped.
   */
  private async composeClaimed(
    rows: Row[],
    jobOf: Map<number, Job<MailJob>>,
    failed: Map<string, Error>,
  ): Promise<Claimed[]> {
    const { db, log } = this.options;
    const composed: Claimed[] = [];
    const gone: Row[] = [];
    for (const row of rows) {
      const job = jobOf.get(row.id)!;
      const composer = this.composers.get(row.compositor ?? '');
      try {
        if (!composer) throw new Error(`sin compositor para el tipo ${row.compositor}`);
        const mail = await composer.compose(row.datos);
        if (mail) composed.push({ row, job, mail });
        else gone.push(row);
      } catch (err) {
        const retry = await this.failed(row, job, err, false);
        if (retry) failed.set(job.id, retry);
      }
    }
    if (gone.length > 0) {
      await db.delete(correos).where(
        inArray(
          correos.id,
          gone.map((row) => row.id),
        ),
      );
      for (const row of gone) {
        log.info({ correo: row.tipo }, 'correo descartado: ya no hay nada que avisar');
      }
    }
    return composed;
  }

  /** Sends composed e-mails and records each outcome. */
  private async sendComposed(composed: Claimed[], failed: Map<string, Error>): Promise<void> {
    const { db, transport } = this.options;
    // Who and what before the delivery: what the owner sees of one whose worker dies mid-send.
    const recipients = composed.map(({ row, mail }) => ({
      id: row.id,
      para: mail.to,
      asunto: mail.subject.slice(0, 200),
    }));
    await db.execute(sql`
      update correos set para = v.para, asunto = v.asunto
        from jsonb_to_recordset(${JSON.stringify(recipients)}::jsonb)
             as v(id int, para text, asunto text)
       where correos.id = v.id`);
    const outgoing = await this.prepare(
      composed.map(({ row, mail }) => ({
        mail,
        key: `correo-${row.id}.${row.createdAt.getTime()}`,
      })),
    );
    // MAIL_LANES conversations side by side, each taking the next e-mail in order; each outcome is
    // recorded as soon as it is known, so a worker that dies leaves at most the e-mails in the
    // middle of their conversations to be sent again (the window of decision 028).
    let next = 0;
    const lane = async () => {
      while (next < composed.length) {
        const i = next++;
        const { row, job } = composed[i]!;
        const { mail } = outgoing[i]!;
        let result: PromiseSettledResult<void>;
        try {
          [result = { status: 'rejected', reason: new Error('sin respuesta del envío') }] =
            await transport.deliver([outgoing[i]!]);
        } catch (reason) {
          result = { status: 'rejected', reason };
        }
        if (result.status === 'rejected') {
          const retry = await this.failed(
            row,
            job,
            result.reason,
            isPermanentFailure(result.reason),
          );
          if (retry) failed.set(job.id, retry);
          continue;
        }
        await db
          .update(correos)
          .set({
            estado: 'enviado',
            sentAt: sql`now()`,
            enviandoDesde: null,
            ultimoError: null,
            texto: transport.keepsBody ? mail.text : null,
            html: transport.keepsBody ? (mail.html ?? null) : null,
          })
          .where(eq(correos.id, row.id));
      }
    };
    await Promise.all(Array.from({ length: Math.min(MAIL_LANES, composed.length) }, lane));
  }

  /** Records a failed attempt: waiting for the next one, or failed for good. */
  private async failed(row: Row, job: Job<MailJob>, err: unknown, permanent: boolean) {
    const last = permanent || job.retryCount >= job.retryLimit;
    const ultimoError = describeFailure(err);
    await this.options.db
      .update(correos)
      .set({ estado: last ? 'fallido' : 'pendiente', enviandoDesde: null, ultimoError })
      .where(eq(correos.id, row.id));
    this.options.log.error(
      { correo: row.tipo, intento: row.intentos, error: ultimoError, definitivo: last },
      last ? 'un correo no se pudo enviar' : 'un correo no se pudo enviar: se reintentará',
    );
    return permanent ? null : err instanceof Error ? err : new Error(ultimoError);
  }

  /** How many e-mails failed for good (the dashboard's checklist warns of them). */
  async failedCount(): Promise<number> {
    const [row] = await this.options.db
      .select({ n: count() })
      .from(correos)
      .where(eq(correos.estado, 'fallido'));
    return row?.n ?? 0;
  }

  /** Runs every e-mail due now (tests, and a shop run without workers). */
  async settled(): Promise<void> {
    await this.options.jobs.runDue();
  }

  /**
   * On shutdown, after the queue has stopped (its jobs failed back to it): the e-mails still
   * being sent are released, so the next start sends them at once instead of waiting for their
   * claim to go stale. One the server accepted in this last moment goes out twice (decision 028).
   */
  async close(): Promise<void> {
    const claimed = [...this.sending];
    if (claimed.length > 0) {
      await this.options.db
        .update(correos)
        .set({ estado: 'pendiente', enviandoDesde: null })
        .where(and(inArray(correos.id, claimed), eq(correos.estado, 'enviando')))
        .catch((err: unknown) =>
          this.options.log.warn({ err }, 'no se pudieron liberar los correos en envío'),
        );
    }
    await this.options.transport.close();
  }
}
