import { fieldOfPath } from '@nexbyte/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseSaturated, isDatabaseUnavailable, isStorageFull } from '../db/errors';
import { HttpError, MESSAGES, RETRY_AFTER_SECONDS } from '../http-errors';
import { STORAGE_RETRY_AFTER_SECONDS } from './storage';

const BY_CODE: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, MESSAGES.invalidJson],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, MESSAGES.emptyBody],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, MESSAGES.tooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, MESSAGES.unsupportedMedia],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, MESSAGES.badRequest],
};

const BY_STATUS: Record<number, string> = {
  401: MESSAGES.unauthenticated,
  403: MESSAGES.forbidden,
  404: MESSAGES.notFound,
  413: MESSAGES.tooLarge,
  415: MESSAGES.unsupportedMedia,
  429: MESSAGES.tooManyRequests,
};

function rootCause(err: unknown): { code?: unknown; message?: unknown } {
  let e = err as { cause?: unknown; code?: unknown; message?: unknown };
  for (let depth = 0; depth < 10 && e.cause && typeof e.cause === 'object'; depth++) {
    e = e.cause as typeof e;
  }
  return { code: e.code, message: e.message };
}

const isJson = (contentType: string | undefined) =>
  contentType !== undefined && /^application\/json\s*(;|$)/i.test(contentType);

/** Whether the route's body schema (zod) takes a request without a body. */
function bodyOptional(schema: unknown): boolean {
  if (schema === undefined) return true;
  const zod = schema as { safeParse?: (value: unknown) => { success: boolean } };
  return typeof zod.safeParse === 'function' && zod.safeParse(undefined).success;
}

/**
 * An empty body is no body, whatever the Content-Type says: many clients' fetch helpers send
 * `Content-Type: application/json` on every call, a logout or a DELETE included. Fastify's own
 * JSON parser refuses that with a 400; ours reads it as no body, and only a route that needs one
 * answers 'La solicitud no trae datos.'
 */
function acceptEmptyJson(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body.length === 0) {
      done(null, undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
  app.addHook('preValidation', async (request) => {
    if (request.body !== undefined || !isJson(request.headers['content-type'])) return;
    if (!bodyOptional(request.routeOptions.schema?.body)) {
      throw new HttpError(400, MESSAGES.emptyBody);
    }
  });
}

/**
 * Every error leaves as `{ message, errors? }` in Spanish. Only HttpError and validation messages
 * are ours to show; anything else is logged and answered without its internals.
 */
async function errors(app: FastifyInstance) {
  acceptEmptyJson(app);
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      if (err.headers) reply.headers(err.headers);
      return reply
        .status(err.statusCode)
        .send(err.errors ? { message: err.message, errors: err.errors } : { message: err.message });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const path = issue.instancePath.split('/').filter(Boolean);
        fields[fieldOfPath(path)] ??= issue.message ?? MESSAGES.validation;
      }
      const message = err.validationContext === 'body' ? MESSAGES.validation : MESSAGES.badRequest;
      return reply.status(400).send({ message, errors: fields });
    }
    // The handler outlived HANDLER_TIMEOUT_MS (a database that hangs, say): try again soon.
    if (err.code === 'FST_ERR_HANDLER_TIMEOUT' || err.statusCode === 503) {
      request.log.warn({ code: err.code, url: request.url }, 'solicitud sin respuesta a tiempo');
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ message: MESSAGES.unavailable });
    }
    // The disk is full: nothing is lost, but nothing new is kept until someone frees space.
    if (isStorageFull(err)) {
      app.storage.failed(rootCause(err));
      return reply
        .status(503)
        .header('retry-after', String(STORAGE_RETRY_AFTER_SECONDS))
        .send({ message: MESSAGES.storageFull });
    }
    // The database is down or lost the connection: worth trying again soon, not a bug of ours.
    if (isDatabaseUnavailable(err)) {
      // The driver's own error, not drizzle's wrapper, whose message carries the query parameters.
      const root = rootCause(err);
      request.log.warn({ code: root.code, cause: root.message }, 'base de datos no disponible');
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ message: isDatabaseSaturated(err) ? MESSAGES.overloaded : MESSAGES.unavailable });
    }
    const known = err.code ? BY_CODE[err.code] : undefined;
    if (known) return reply.status(known[0]).send({ message: known[1] });

    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ code: err.code, status }, 'solicitud rechazada');
      return reply.status(status).send({ message: BY_STATUS[status] ?? MESSAGES.badRequest });
    }
    request.log.error({ err }, 'error no controlado');
    return reply.status(500).send({ message: MESSAGES.internal });
  });
}

export default fp(errors, { name: 'errors' });
