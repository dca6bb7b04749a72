import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Mailer, outboxTransport, smtpTransport } from './mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** One mailer for the whole shop: SMTP when SMTP_URL is set, otherwise the outbox table. */
async function mail(app: FastifyInstance) {
  const { smtpUrl, from, sendTimeoutMs } = app.config.mail;
  const log = app.log.child({ modulo: 'correo' });
  const transport = smtpUrl
    ? smtpTransport(smtpUrl, from, sendTimeoutMs, log)
    : outboxTransport(log);
  if (!smtpUrl && app.config.env === 'production') {
    log.warn('Sin SMTP_URL los correos no se envían: quedan en la tabla correos.');
  }
  const mailer = new Mailer({
    db: app.db,
    jobs: app.jobs,
    transport,
    publicUrl: app.config.publicUrl,
    log,
    // One SMTP conversation takes at most a few of its time-outs; past this its worker died.
    staleSendMs: Math.max(60_000, sendTimeoutMs * 6),
  });
  app.decorate('mailer', mailer);
  // The job queue stops at preClose, before this: no delivery is running when the transport closes.
  app.addHook('onClose', () => mailer.close());
}

export default fp(mail, { name: 'mailer', dependencies: ['core', 'jobs'] });
