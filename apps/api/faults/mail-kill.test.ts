import { afterAll, describe, expect, it } from 'vitest';
import { report, sleep, waitUntil } from './support/http';
import {
  DATABASES,
  mailRows,
  retrying503,
  scenarioDatabase,
  type ScenarioDatabase,
} from './support/mail';
import { startShopServer } from './support/server-process';
import { contactMessage, runTag } from './support/shop';
import { killServers, stopServer } from '../../../scripts/lib/server-process.mjs';
import {
  deliveries,
  startSmtpStandIn,
  type SmtpStandIn,
} from '../../../scripts/lib/smtp-stand-in.mjs';

const MAILS = 25;
/** How long the slow mail server holds each message's final answer. */
const SLOW_MS = 3_000;
const MAIL_QUEUES = `('correo', 'correo-breve')`;

// kill -9 while the shop's e-mails wait in the queue and one is in the middle of its SMTP
// conversation (the slow stand-in holds its final answer: it is not delivered). The jobs that
// were running come back when they expire (180 s after they started, at pg-boss's next
// maintenance: `npm run bench:mail-kill` measures that path), and the claim of the e-mail being
// sent is taken over once it is older than six SMTP time-outs. The test does not wait minutes for
// that: with the server dead it does what those clocks would do (the running jobs due again now,
// the claim made an hour old), then starts the server again on the same data.
describe.each(DATABASES)(
  'kill -9 while e-mails are queued and sent ($label)',
  ({ label, skip }) => {
    let db: ScenarioDatabase | undefined;
    let smtp: SmtpStandIn | undefined;
    afterAll(async () => {
      killServers();
      await smtp?.close();
      await db?.drop();
    });

    it.skipIf(skip)(
      'delivers every queued e-mail after a restart, none twice',
      async () => {
        db = await scenarioDatabase(label);
        smtp = await startSmtpStandIn('slow', { slowMs: SLOW_MS });
        const env = { ...db.env, SMTP_URL: smtp.url, SHOP_EMAIL: 'tienda@nexbyte.cl' };
        const first = await startShopServer(env, { readyTimeoutMs: 90_000 });

        const tag = runTag();
        for (let i = 0; i < MAILS; i += 5) {
          const answers = await Promise.all(
            Array.from({ length: Math.min(5, MAILS - i) }, (_, j) =>
              retrying503(() =>
                contactMessage(first.origin, `Mensaje ${tag}-${i + j} antes del corte`),
              ),
            ),
          );
          expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
        }
        await waitUntil('un primer correo entregado', async () => smtp!.messages.length >= 1, {
          limitMs: 20_000,
        });
        // Half-way through the next conversation's held answer.
        await sleep(Math.max(0, smtp.messages.at(-1)!.at + SLOW_MS / 2 - performance.now()));
        first.child.kill('SIGKILL');
        await first.exited;
        const beforeKill = smtp.messages.length;
        await sleep(200);
        const abandoned = smtp.abandoned;
        smtp.mode = 'accept';

        const [running] = await db.query(
          `select count(*)::int as n from pgboss.job where name in ${MAIL_QUEUES} and state = 'active'`,
        );
        const [claimed] = await db.query(
          `select count(*)::int as n from correos where estado = 'enviando'`,
        );
        await db.query(
          `update pgboss.job set state = 'retry', start_after = now()
          where name in ${MAIL_QUEUES} and state = 'active'`,
        );
        await db.query(
          `update correos set enviando_desde = enviando_desde - interval '1 hour'
          where estado = 'enviando'`,
        );

        const second = await startShopServer(env, { readyTimeoutMs: 90_000 });
        const restarted = performance.now();
        await waitUntil(
          'todos los correos entregados',
          async () => deliveries(smtp!.messages).distinct >= MAILS,
          { limitMs: 45_000, everyMs: 250 },
        );
        const deliveredMs = performance.now() - restarted;
        await sleep(3_000);
        const rows = await mailRows(second.origin);
        const result = deliveries(smtp.messages);
        report(`mail-kill-${label.toLowerCase()}`, {
          mails: MAILS,
          delivered_before_kill: beforeKill,
          abandoned_conversations: abandoned,
          jobs_running_at_kill: Number(running!.n),
          claimed_at_kill: Number(claimed!.n),
          delivered: result.distinct,
          duplicates: result.duplicates,
          delivered_ms_after_restart: deliveredMs,
        });
        // The kill really cut a conversation and left jobs running: the case under test.
        expect(abandoned).toBeGreaterThanOrEqual(1);
        expect(Number(running!.n)).toBeGreaterThanOrEqual(1);
        expect(Number(claimed!.n)).toBeGreaterThanOrEqual(1);
        expect(result).toEqual({ distinct: MAILS, duplicates: 0, repeated: [] });
        expect(rows).toHaveLength(MAILS);
        expect(rows.map((r) => r.estado)).toEqual(rows.map(() => 'enviado'));
        await stopServer(second);
      },
      120_000,
    );
  },
);
