import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { pino } from 'pino';
import { z } from 'zod';
import { clientKey, proxyTrust } from './client-key';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import { MESSAGES } from './http-errors';
import { maskingSerializers } from './log-masking';
import { serializerCompiler } from './response-serializer';
import accountRoutes from './modules/account/account.routes';
import authRoutes from './modules/auth/auth.routes';
import recoveryRoutes from './modules/auth/recovery.routes';
import checkout from './modules/checkout/checkout.plugin';
import checkoutRoutes from './modules/checkout/checkout.routes';
import couponRoutes from './modules/coupons/coupons.routes';
import shippingRoutes from './modules/shipping/shipping.routes';
import shipping from './modules/shipping/shipping.plugin';
import categoryRoutes from './modules/categories/categories.routes';
import contactRoutes from './modules/contact/contact.routes';
import imageFileRoutes from './modules/images/image-files.routes';
import imageRoutes from './modules/images/images.routes';
import invoicing from './modules/invoicing/invoicing.plugin';
import invoicingRoutes from './modules/invoicing/invoicing.routes';
import companyRoutes from './modules/invoicing/companies.routes';
import jobs from './modules/jobs/jobs.plugin';
import devOutboxRoutes from './modules/mail/dev-outbox.routes';
import mailRoutes from './modules/mail/mail.routes';
import mailer from './modules/mail/mail.plugin';
import newsletterRoutes from './modules/newsletter/newsletter.routes';
import orderMails from './modules/notifications/order-mails';
import ownerMails from './modules/notifications/owner-mails';
import supportMails from './modules/notifications/support-mails';
import reportRoutes from './modules/orders/reports.routes';
import orderRoutes from './modules/orders/orders.routes';
import payments from './modules/payments/payments.plugin';
import paymentsRoutes from './modules/payments/payments.routes';
import pcBuildRoutes from './modules/pc-builds/pc-builds.routes';
import productCsvRoutes from './modules/product-csv/product-csv.routes';
import productRoutes from './modules/products/products.routes';
import sitemapRoutes from './modules/seo/sitemap.routes';
import setupRoutes from './modules/setup/setup.routes';
import stockAlertRoutes from './modules/stock-alerts/stock-alerts.routes';
import supportRoutes from './modules/support/support.routes';
import userRoutes from './modules/users/users.routes';
import auth from './plugins/auth';
import backupSocket from './plugins/backup-socket';
import catalogCache from './plugins/catalog-cache';
import core from './plugins/core';
import cors from './plugins/cors';
import docs from './plugins/docs';
import errors from './plugins/errors';
import events from './plugins/events';
import handlerTimeout from './plugins/handler-timeout';
import health from './plugins/health';
import storage from './plugins/storage';
import limiters from './plugins/limiters';
import pressure from './plugins/pressure';
import security from './plugins/security';
import shutdown from './plugins/shutdown';
import web, { type PageRateLimit } from './plugins/web';
import { isRenderCall, RENDER_CALL_HEADER } from './plugins/web-render';

// Messages the schemas do not name themselves (a body that is not an object, say) still reach
// people in Spanish.
z.config(z.locales.es());

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  logger?: FastifyServerOptions['logger'];
}

export function loggerOptions(config: AppConfig) {
  return {
    level: config.logLevel,
    // Tokens and passwords never reach the logs; request bodies are not logged at all.
    redact: [
      'req.headers.authorization',
      'req.headers.cookie',
      `req.headers["${RENDER_CALL_HEADER}"]`,
      'res.headers["set-cookie"]',
    ],
    // Nor do tokens in URLs (recovery, unsubscribe, ?token=) or e-mail addresses.
    serializers: maskingSerializers,
  };
}

/**
 * Lines waiting for a standard output that does not take them (its reader stalled) are dropped
 * past this, instead of the server's memory growing or its requests waiting for the log.
 */
const LOG_BUFFER_MAX = 16 * 1024 * 1024;

/**
 * Where the running server writes its log (standard output), in the background: a line goes out
 * at once when nothing is being written, and the lines logged while a write is under way go out
 * together in the next one, so a peak costs a write per batch instead of a system call per
 * request (`npm run bench:log`). pino writes what is still buffered when the process exits,
 * SIGTERM and fatal errors included; only a `kill -9` can lose the last lines, never data
 * (decision 037).
 */
export function logDestination() {
  return pino.destination({ dest: 1, sync: false, maxLength: LOG_BUFFER_MAX });
}

export async function buildApp({ config, database, logger = false }: BuildAppOptions) {
  const limits = config.http;
  const app = Fastify({
    logger,
    bodyLimit: config.bodyLimit,
    trustProxy: proxyTrust(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.connectionTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: Math.min(10_000, limits.requestTimeoutMs),
      // Node looks for requests past their time-out every 30 s by default: too coarse.
      connectionsCheckingInterval: 1_000,
    },
    // The shutdown plugin answers with our JSON instead.
    return503OnClosing: false,
    // One line per request (below), not Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'solicitud atendida',
    );
    done();
  });
  // Beyond this many sockets the server drops new connections instead of slowing everyone down.
  app.server.maxConnections = limits.maxConnections;
  // The API speaks JSON only: a text body is a 415, not a string for the validators to puzzle over.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(core, { config, database });
  await app.register(backupSocket);
  await app.register(limiters);
  await app.register(shutdown);
  await app.register(errors);
  await app.register(handlerTimeout, { timeoutMs: limits.handlerTimeoutMs });
  await app.register(pressure);
  await app.register(security);
  await app.register(cors);
  await app.register(auth);
  await app.register(catalogCache);
  await app.register(jobs);
  await app.register(mailer);
  await app.register(events);
  await app.register(storage);
  await app.register(orderMails);
  await app.register(ownerMails);
  await app.register(supportMails);
  await app.register(payments);
  await app.register(shipping);
  await app.register(checkout);
  await app.register(invoicing);
  // A map of every route helps an attacker more than a shopper: production shows it only if asked.
  if (config.apiDocs) await app.register(docs);
  // After docs, so that it is described there; outside /api's scope, so not rate limited.
  await app.register(health);

  let pageRateLimit: PageRateLimit | undefined;
  await app.register(
    async (api) => {
      await api.register(rateLimit, {
        max: config.rateLimit.max,
        timeWindow: '1 minute',
        // Also the key of every route's own limit (forms, order look-ups), which inherit it.
        keyGenerator: (request) => clientKey(request.ip),
        // The server's own data calls while it renders a page: that page request was counted.
        allowList: (request) => isRenderCall(request),
        // Redis down: requests are let through rather than refused (the login and recovery
        // counters keep counting in memory meanwhile).
        ...(app.redis
          ? { redis: app.redis, nameSpace: `${config.redisPrefix}:rate-limit:`, skipOnError: true }
          : {}),
        errorResponseBuilder: (_req, context) => ({
          statusCode: context.statusCode,
          message: MESSAGES.tooManyRequests,
        }),
      });
      // The same counter, for the web app's server-rendered pages (outside /api).
      pageRateLimit = api.createRateLimit();
      await api.register(authRoutes);
      await api.register(productRoutes);
      await api.register(productCsvRoutes);
      await api.register(imageRoutes);
      await api.register(categoryRoutes);
      await api.register(userRoutes);
      await api.register(contactRoutes);
      await api.register(supportRoutes);
      await api.register(checkoutRoutes);
      await api.register(shippingRoutes);
      await api.register(couponRoutes);
      await api.register(orderRoutes);
      await api.register(reportRoutes);
      await api.register(paymentsRoutes);
      await api.register(recoveryRoutes);
      await api.register(accountRoutes);
      await api.register(companyRoutes);
      await api.register(newsletterRoutes);
      await api.register(setupRoutes);
      await api.register(mailRoutes);
      await api.register(invoicingRoutes);
      await api.register(pcBuildRoutes);
      await api.register(stockAlertRoutes);
      // Only for browser tests; the configuration refuses it in production.
      if (config.devOutboxApi) await api.register(devOutboxRoutes);
    },
    { prefix: '/api' },
  );

  // Product photos, before the web app's fallback; outside /api's request limit, like static files.
  await app.register(imageFileRoutes);
  // /robots.txt and the sitemaps: answered by the API, never by the web app's fallback.
  await app.register(sitemapRoutes);
  await app.register(web, { pageRateLimit });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
