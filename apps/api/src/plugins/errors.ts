import { fieldOfPath } from '@nexbyte/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError, MESSAGES } from '../http-errors';

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

/**
 * Every error leaves as `{ message, errors? }` in Spanish. Only HttpError and validation messages
 * are ours to show; anything else is logged and answered without its internals.
 */
async function errors(app: FastifyInstance) {
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
