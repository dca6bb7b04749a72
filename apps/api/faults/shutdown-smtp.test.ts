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

/** The server forces its way out after SHUTDOWN_GRACE_MS (10 s); a clean shutdown ends well before. */
const EXIT_LIMIT_MS = 8_000;

// SIGTERM while the shop is in the middle of an SMTP conversation with a server that took the
// message and never answers: the queue gives the running job SHUTDOWN_DRAIN_MS, fails it back to
// the queue, the mailer releases its claim, and the process exits 0. The next start sends it.
// A matter of the process, not of the database: it runs on the embedded one (PostgreSQL's pool
// closes the same way, measured once with DATABASES in full: exit 0 in 3.2 s, delivered once).
describe.each(DATABASES.filter((d) => d.label === 'PGlite'))(
  'SIGTERM during an SMTP conversation that never ends ($label)',
  ({ label, skip }) => {
    let db: ScenarioDatabase | undefined;
    let smtp: SmtpStandIn | undefined;
    afterAll(async () => {
      killServers();
      await smtp?.close();
      await db?.drop();
    });

    it.skipIf(skip)(
      'exits 0 within the grace period, and the e-mail goes out once after the restart',
      async () => {
        db = await scenarioDatabase(label);
        // Holds the final answer far longer than any shutdown may wait.
        smtp = await startSmtpStandIn('slow', { slowMs: 120_000 });
        const env = {
          ...db.env,
          SMTP_URL: smtp.url,
          SHOP_EMAIL: 'tienda@nexbyte.cl',
          MAIL_SEND_TIMEOUT_MS: '60000',
        };
        const first = await startShopServer(env, { readyTimeoutMs: 90_000 });
        const tag = runTag();
        const sent = await retrying503(() => contactMessage(first.origin, `Al apagar ${tag}`));
        expect(sent.status).toBe(201);
        // The message is in the server's hands: only its final answer is missing.
        await waitUntil(
          'la conversación SMTP en curso',
          async () => {
            const [row] = (await mailRows(first.origin)).filter((r) => r.intentos > 0);
            return row !== undefined;
          },
          { limitMs: 20_000, everyMs: 250 },
        );
        await sleep(500);

        const started = performance.now();
        const exit = await stopServer(first, 'SIGTERM');
        const exitMs = performance.now() - started;
        const abandoned = smtp.abandoned;
        smtp.mode = 'accept';

        const second = await startShopServer(env, { readyTimeoutMs: 90_000 });
        const restarted = performance.now();
        await waitUntil('el correo entregado', async () => smtp!.messages.length >= 1, {
          limitMs: 60_000,
          everyMs: 250,
        });
        const deliveredMs = performance.now() - restarted;
        await sleep(2_000);
        const result = deliveries(smtp.messages);
        const rows = await mailRows(second.origin);
        report(`shutdown-smtp-${label.toLowerCase()}`, {
          exit_code: exit.code ?? String(exit.signal),
          exit_ms: exitMs,
          abandoned_conversations: abandoned,
          delivered: result.distinct,
          duplicates: result.duplicates,
          delivered_ms_after_restart: deliveredMs,
        });
        expect(exit.code).toBe(0);
        expect(exitMs).toBeLessThan(EXIT_LIMIT_MS);
        expect(abandoned).toBe(1);
        expect(result).toEqual({ distinct: 1, duplicates: 0, repeated: [] });
        expect(rows.map((r) => r.estado)).toEqual(['enviado']);
        await stopServer(second);
      },
      150_000,
    );
  },
);
