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
  const { smtpUrl, from } = app.config.mail;
  const log = app.log.child({ modulo: 'correo' });
  const transport = smtpUrl ? smtpTransport(smtpUrl, from, log) : outboxTransport(app.db, log);
  if (!smtpUrl && app.config.env === 'production') {
    log.warn('Sin SMTP_URL los correos no se envían: quedan en la tabla correos.');
  }
  const mailer = new Mailer({ db: app.db, transport, publicUrl: app.config.publicUrl, log });
  app.decorate('mailer', mailer);
  // Registered after core, so it runs before the database closes: e-mails in flight finish first.
  app.addHook('onClose', () => mailer.close());
}

export default fp(mail, { name: 'mailer', dependencies: ['core'] });
