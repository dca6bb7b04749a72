import {
  armadoIncompatibleSchema,
  armadoInputSchema,
  armadoRevisadoSchema,
  armadoSchema,
  codigoArmadoParams,
  errorResponseSchema,
  LIST_LIMIT_DEFAULT,
  listaQuerySchema,
  parsePartIds,
  PC_BUILD_MESSAGES,
  PC_RECOMMENDED_MAX,
  PC_STEP_LIST_MAX,
  pasoArmadoQuerySchema,
  pasoArmadoSchema,
  recomendarArmadoSchema,
  resolvePage,
  tipoComponenteSchema,
  type Producto,
  type Usuario,
} from '@nexbyte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, MESSAGES, notFound } from '../../http-errors';
import { PAGE_HEADERS_DESCRIPTION, sendPageHeaders } from '../paging';
import { adminOnly } from '../params';
import {
  deleteOwnBuild,
  findBuild,
  insertBuild,
  listOwnBuilds,
  setRecommended,
} from './pc-builds.repository';
import {
  checkParts,
  IncompatibleBuildError,
  newBuildCode,
  presentBuild,
  recommendedBuilds,
  STEP_READ_MAX,
  stepLists,
} from './pc-builds.service';
import { forShoppers } from '../products/products.service';
import { keptPartsByIds, keptPartsOnSale } from '../products/pc-parts';

type Step = Awaited<ReturnType<typeof stepLists>>;

const loggedIn = [{ bearerAuth: [] }];
const checkErrors = {
  400: errorResponseSchema,
  409: armadoIncompatibleSchema,
  422: errorResponseSchema,
};

/** 'Arma tu PC' (docs/product.md#arma-tu-pc, decision 033). */
const pcBuildRoutes: FastifyPluginAsyncZod = async (app) => {
  // Kept answers show an offer only while it runs, and expire when a price next changes
  // (docs/product.md#offers).
  const expireAt = (ms: number) => app.catalogCache.expireAt(ms);
  const shopperStep = (step: Step): Step => ({
    ...step,
    compatibles: forShoppers(step.compatibles, expireAt),
    incompatibles: step.incompatibles.map((i) => ({
      ...i,
      producto: forShoppers([i.producto], expireAt)[0]!,
    })),
  });
  const shopperBuild = <T extends { piezas: Producto[] }>(build: T): T => ({
    ...build,
    piezas: forShoppers(build.piezas, expireAt),
  });
  const tags = ['arma tu pc'];

  const incompatible = (err: IncompatibleBuildError) => ({
    message: err.message,
    incompatibilidades: err.incompatibilidades,
  });

  app.get(
    '/armados/pasos/:tipo',
    {
      config: { catalogCache: true },
      schema: {
        tags,
        description: `Las piezas de un paso: las de \`tipo\` activas, con stock y especificación completa que calzan con las \`piezas\` ya elegidas (ids separados por comas; las del mismo tipo no cuentan, la elegida toma su lugar), de la más barata a la más cara; con \`incompatibles=1\`, también las que no calzan, cada una con sus motivos. Hasta \`limite\` (${PC_STEP_LIST_MAX} como máximo, ${LIST_LIMIT_DEFAULT} sin él) en cada lista, de entre las ${STEP_READ_MAX} más baratas del tipo; los totales cuentan todas esas.`,
        params: z.object({ tipo: tipoComponenteSchema }),
        querystring: pasoArmadoQuerySchema,
        response: { 200: pasoArmadoSchema, 400: errorResponseSchema },
      },
    },
    async (request) => {
      const { piezas, incompatibles, limite } = request.query;
      return shopperStep(
        await stepLists(
          app.db,
          keptPartsOnSale(app.db, app.catalogCache),
          keptPartsByIds(app.db, app.catalogCache),
          request.params.tipo,
          parsePartIds(piezas),
          {
            incompatibles: incompatibles === '1' || incompatibles === 'true',
            limite: limite ?? LIST_LIMIT_DEFAULT,
          },
        ),
      );
    },
  );

  app.post(
    '/armados/revision',
    {
      schema: {
        tags,
        description:
          'Revisa un armado antes del carrito: cada pieza existe, está a la venta, tiene stock para las veces que aparece y especificación completa (si no, 422), y ningún par es incompatible (si no, 409 con cada par). Responde las piezas como están ahora, el total y la revisión (consumo, fuente recomendada, advertencias).',
        body: armadoInputSchema,
        response: { 200: armadoRevisadoSchema, ...checkErrors },
      },
    },
    async (request, reply) => {
      try {
        return shopperBuild(await checkParts(app.db, request.body.piezas, { needStock: true }));
      } catch (err) {
        if (err instanceof IncompatibleBuildError) return reply.status(409).send(incompatible(err));
        throw err;
      }
    },
  );

  app.post(
    '/armados',
    {
      config: { rateLimit: { max: app.config.rateLimit.formsMax, timeWindow: '1 minute' } },
      schema: {
        tags,
        description:
          'Guarda un armado y responde su código, el de su enlace `/arma-tu-pc/b/{codigo}`. Con sesión queda en "Mis armados" de la cuenta; sin ella, solo su enlace lo alcanza. Las piezas se revisan como en `/armados/revision`, salvo el stock.',
        body: armadoInputSchema,
        response: { 201: armadoSchema, ...checkErrors, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      try {
        await checkParts(app.db, request.body.piezas, { needStock: false });
      } catch (err) {
        if (err instanceof IncompatibleBuildError) return reply.status(409).send(incompatible(err));
        throw err;
      }
      const user = await app.currentUser(request);
      const row = await insertBuild(app.db, {
        codigo: newBuildCode(),
        usuarioId: user?.id ?? null,
        piezas: request.body.piezas,
      });
      return reply.status(201).send(shopperBuild(await presentBuild(app.db, row)));
    },
  );

  app.get(
    '/armados/recomendados',
    {
      config: { catalogCache: true },
      schema: {
        tags,
        description: `Los armados que la tienda recomienda como punto de partida (hasta ${PC_RECOMMENDED_MAX}), el último publicado primero.`,
        response: { 200: z.array(armadoSchema) },
      },
    },
    async () => (await recommendedBuilds(app.db)).map(shopperBuild),
  );

  app.get(
    '/armados/:codigo',
    {
      config: { catalogCache: true },
      schema: {
        tags,
        description:
          'Un armado guardado por su código: sus piezas a la venta hoy (las que ya no lo están se cuentan en `piezasNoDisponibles`), el total a precios de hoy y su revisión.',
        params: codigoArmadoParams,
        response: { 200: armadoSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const row = await findBuild(app.db, request.params.codigo);
      if (!row) throw notFound(PC_BUILD_MESSAGES.notFound);
      return shopperBuild(await presentBuild(app.db, row));
    },
  );

  const recommend =
    (titulo: (body: unknown) => string | null) =>
    async (request: { params: { codigo: string }; body?: unknown }) => {
      const row = await setRecommended(app.db, request.params.codigo, titulo(request.body));
      if (!row) throw notFound(PC_BUILD_MESSAGES.notFound);
      return presentBuild(app.db, row);
    };
  const adminErrors = {
    400: errorResponseSchema,
    401: errorResponseSchema,
    403: errorResponseSchema,
    404: errorResponseSchema,
  };

  app.put(
    '/armados/:codigo/recomendado',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security: adminOnly,
        description:
          'Publica un armado como recomendado con un título ("PC gamer hasta $800.000"); /arma-tu-pc lo ofrece como punto de partida. Solo ADMIN.',
        params: codigoArmadoParams,
        body: recomendarArmadoSchema,
        response: { 200: armadoSchema, ...adminErrors },
      },
    },
    recommend((body) => (body as { titulo: string }).titulo),
  );

  app.delete(
    '/armados/:codigo/recomendado',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security: adminOnly,
        description: 'Deja de recomendar un armado; el armado y su enlace siguen. Solo ADMIN.',
        params: codigoArmadoParams,
        response: { 200: armadoSchema, ...adminErrors },
      },
    },
    recommend(() => null),
  );

  const me = (request: { user: Usuario | null }): Usuario => {
    if (!request.user) throw new HttpError(401, MESSAGES.invalidSession);
    return request.user;
  };

  app.get(
    '/cuenta/armados',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['mi cuenta'],
        security: loggedIn,
        description: `"Mis armados": los armados que el cliente guardó con su sesión, el más reciente primero. ${PAGE_HEADERS_DESCRIPTION}`,
        querystring: listaQuerySchema,
        response: { 200: z.array(armadoSchema), 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { pagina, limite, offset } = resolvePage(request.query);
      const { rows, total } = await listOwnBuilds(app.db, me(request).id, {
        limit: limite,
        offset,
      });
      sendPageHeaders(request, reply, { pagina, limite, total });
      return (await Promise.all(rows.map((row) => presentBuild(app.db, row)))).map(shopperBuild);
    },
  );

  app.delete(
    '/cuenta/armados/:codigo',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['mi cuenta'],
        security: loggedIn,
        description:
          'Borra un armado propio y su enlace. El de otra cuenta, o uno guardado sin sesión, responde 404.',
        params: codigoArmadoParams,
        response: {
          204: z.null(),
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      if (!(await deleteOwnBuild(app.db, me(request).id, request.params.codigo)))
        throw notFound(PC_BUILD_MESSAGES.notFound);
      return reply.status(204).send(null);
    },
  );
};

export default pcBuildRoutes;
