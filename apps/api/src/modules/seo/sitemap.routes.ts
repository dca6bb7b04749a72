import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '../../http-errors';
import { PUBLIC_CACHE_CONTROL } from '../../plugins/catalog-cache';
import {
  chooseCoding,
  clientHolds,
  etagOf,
  keepAnswer,
  type KeptAnswer,
} from '../../plugins/catalog-cache/answer';
import { listPublishedCategories } from '../categories/categories.service';
import { listPublishedProducts, publishedStretches } from '../products/published';
import {
  indexEntries,
  pageEntries,
  PAGES_SITEMAP,
  productEntries,
  productsSitemapNumber,
  robotsTxt,
  SITEMAP_PATH,
  SITEMAP_URLS_MAX,
  sitemapIndex,
  urlSet,
  type CatalogueDates,
} from './sitemap';

const SITEMAPS_PATH = '/sitemaps';
const XML_TYPE = 'application/xml; charset=utf-8';
const TEXT_TYPE = 'text/plain; charset=utf-8';
/** Keys of the catalogue cache that no catalogue route's key (`route|params|query`) can take. */
const KEY_PREFIX = 'seo:';

/**
 * The answer kept in the catalogue cache for this key, or built now and kept until the catalogue
 * changes (decision 010): one request builds it while the others asking meanwhile wait. Null when
 * `build` finds nothing to answer.
 */
async function keptOrBuilt(
  app: FastifyInstance,
  key: string,
  contentType: string,
  build: () => Promise<string | null>,
): Promise<KeptAnswer | null> {
  const store = app.catalogCache;
  const kept = store.get(KEY_PREFIX + key);
  if (kept) return kept;
  const make = async () => {
    const body = await build();
    return body === null ? null : keepAnswer(body, [['content-type', contentType]]);
  };
  const { build: running, leader } = store.join(KEY_PREFIX + key);
  if (!leader) return (await running.answer) ?? make();
  try {
    const answer = await make();
    store.settle(running, answer);
    return answer;
  } catch (err) {
    store.settle(running, null);
    throw err;
  }
}

/** Keeps what another hook put in Vary (CORS's Origin, say). */
function varyOnCoding(existing: ReturnType<FastifyReply['getHeader']>): string {
  const names =
    existing === undefined
      ? []
      : String(existing)
          .split(',')
          .map((n) => n.trim());
  return names.some((name) => name.toLowerCase() === 'accept-encoding')
    ? names.join(', ')
    : [...names.filter(Boolean), 'accept-encoding'].join(', ');
}

/** A kept answer in the coding the client takes, or 304 when it holds it already. */
function send(request: FastifyRequest, reply: FastifyReply, answer: KeptAnswer) {
  const wanted = chooseCoding(request.headers['accept-encoding']);
  const coding = answer.bodies[wanted] ? wanted : 'identity';
  reply
    .header('etag', etagOf(answer.tag, coding))
    .header('cache-control', PUBLIC_CACHE_CONTROL)
    .header('vary', varyOnCoding(reply.getHeader('vary')));
  if (clientHolds(request.headers['if-none-match'], answer.tag)) return reply.code(304).send();
  for (const [name, value] of answer.headers) reply.header(name, value);
  if (coding !== 'identity') reply.header('content-encoding', coding);
  return reply.send(answer.bodies[coding]);
}

async function catalogueDates(app: FastifyInstance): Promise<CatalogueDates> {
  const [productStretches, categories] = await Promise.all([
    publishedStretches(app.db, SITEMAP_URLS_MAX),
    listPublishedCategories(app.db),
  ]);
  return { productStretches, categories };
}

/**
 * /robots.txt and the sitemaps (sitemaps.org) at the shop's root, with absolute addresses from
 * PUBLIC_URL: an index, the shop's own pages with categories and blog posts, and the products on
 * sale in files of at most 50,000. Kept in the catalogue cache, so a product deactivated leaves
 * them with the catalogue's next version.
 */
const sitemapRoutes: FastifyPluginAsyncZod = async (app) => {
  const publicUrl = app.config.publicUrl;
  const schema = { tags: ['tienda'] };

  app.get(
    '/robots.txt',
    {
      schema: {
        ...schema,
        description: 'Qué pueden recorrer los buscadores, y dónde está el mapa del sitio.',
      },
    },
    async (request, reply) => {
      const answer = await keptOrBuilt(app, 'robots', TEXT_TYPE, async () => robotsTxt(publicUrl));
      return send(request, reply, answer!);
    },
  );

  app.get(
    SITEMAP_PATH,
    {
      schema: {
        ...schema,
        description: 'Índice de mapas del sitio: las páginas y los productos a la venta.',
      },
    },
    async (request, reply) => {
      const answer = await keptOrBuilt(app, 'index', XML_TYPE, async () =>
        sitemapIndex(publicUrl, indexEntries(await catalogueDates(app), SITEMAPS_PATH)),
      );
      return send(request, reply, answer!);
    },
  );

  app.get(
    `${SITEMAPS_PATH}/:archivo`,
    {
      schema: {
        ...schema,
        description: `\`${PAGES_SITEMAP}\` (páginas, categorías y blog) o \`productos-{n}.xml\` (hasta ${SITEMAP_URLS_MAX} productos a la venta cada uno).`,
        params: z.object({ archivo: z.string().max(40) }),
      },
    },
    async (request, reply) => {
      const { archivo } = request.params;
      const n = productsSitemapNumber(archivo);
      // A plain 404, not the shop's page: only crawlers ask for these.
      const notFound = () =>
        reply.status(404).send({ statusCode: 404, message: MESSAGES.notFound });
      if (archivo !== PAGES_SITEMAP && n === null) return notFound();
      const answer = await keptOrBuilt(app, archivo, XML_TYPE, async () => {
        if (n === null) return urlSet(publicUrl, pageEntries(await catalogueDates(app)));
        const products = await listPublishedProducts(
          app.db,
          (n - 1) * SITEMAP_URLS_MAX,
          SITEMAP_URLS_MAX,
        );
        // An empty urlset is not a valid sitemap, and this stretch does not exist.
        return products.length === 0 ? null : urlSet(publicUrl, productEntries(products));
      });
      return answer ? send(request, reply, answer) : notFound();
    },
  );
};

export default sitemapRoutes;
