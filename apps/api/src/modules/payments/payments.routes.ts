import type { ResultadoPago } from '@nexbyte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** A parameter Webpay sends back; anything odd counts as absent rather than a JSON 400. */
const param = z.string().trim().min(1).max(100).optional().catch(undefined);

const returnParams = z.looseObject({
  token_ws: param,
  TBK_TOKEN: param,
  TBK_ORDEN_COMPRA: param,
  TBK_ID_SESION: param,
});
type ReturnParams = z.infer<typeof returnParams>;

/** Where the buyer lands: their order with the outcome, or the home page when none is known. */
export const resultPath = (numero: string | null, resultado: ResultadoPago) =>
  numero ? `/pedido/${numero}?pago=${resultado}` : `/?pago=${resultado}`;

/** The order number inside a buy order ('NB-000123-2' → 'NB-000123'). */
const numeroOf = (buyOrder: string | undefined) =>
  /^(NB-\d+)-\d+$/.exec(buyOrder ?? '')?.[1] ?? null;

const DESCRIPTION =
  'Adonde Webpay devuelve al comprador (formulario o query). Con `token_ws` confirma la transacción una sola vez, aunque lleguen dos vueltas a la vez; aprobada por el total del pedido, el pedido queda PAGADO. Con `TBK_TOKEN` (anuló en Webpay) no confirma nada. Responde 303 a `/pedido/{numero}?pago=aprobado|rechazado|anulado|error`, o a `/?pago=error` si no se sabe de qué pedido se trata. Los tokens no quedan en el registro.';

/**
 * Webpay's return. Webpay posts an HTML form, so this scope (and only this one) reads
 * application/x-www-form-urlencoded; the rest of the API stays JSON-only.
 */
const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  const settle = async (params: ReturnParams) => {
    if (params.TBK_TOKEN) {
      const { numero } = await app.checkout.abortPayment(params.TBK_TOKEN);
      return resultPath(numero ?? numeroOf(params.TBK_ORDEN_COMPRA), 'anulado');
    }
    if (params.token_ws) {
      const { numero, resultado } = await app.checkout.confirmPayment(params.token_ws);
      return resultPath(numero, resultado);
    }
    // Webpay's form timed out: only the buy order comes back, and nothing was charged.
    const numero = numeroOf(params.TBK_ORDEN_COMPRA);
    return resultPath(numero, numero ? 'anulado' : 'error');
  };

  const schema = { tags: ['pagos'], description: DESCRIPTION };
  app.get(
    '/pagos/webpay/retorno',
    { schema: { ...schema, querystring: returnParams } },
    async (request, reply) => reply.redirect(await settle(request.query), 303),
  );
  app.post(
    '/pagos/webpay/retorno',
    { schema: { ...schema, querystring: returnParams, body: returnParams.optional() } },
    async (request, reply) =>
      reply.redirect(await settle({ ...request.query, ...(request.body ?? {}) }), 303),
  );
};

export default paymentsRoutes;
