import {
  COMPATIBLES_PER_KIND,
  compatiblesSchema,
  errorResponseSchema,
  FACET_BRANDS_MAX,
  facetasSchema,
  isStaffRole,
  LIST_LIMIT_DEFAULT,
  PRODUCT_MESSAGES,
  type Producto,
  productoInputSchema,
  productoSchema,
  productosQuerySchema,
  SUGGESTIONS_MAX,
  SUGGESTIONS_Q_MIN,
  sugerenciasQuerySchema,
  sugerenciasSchema,
} from '@nexbyte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http-errors';
import { PAGE_HEADERS_DESCRIPTION, sendPageHeaders } from '../paging';
import { idParams, staffOnly } from '../params';
import { categoryActive } from '../categories/categories.service';
import { restockEvents, stockOnSale } from './inventory';
import { forShoppers, noteOfferChanges } from './offer-view';
import { compatibleParts } from './compatible-parts';
import { keptPartsOnSale } from './pc-parts';
import { productFacets } from './facets';
import {
  findProduct,
  insertProduct,
  listProducts,
  setProductActive,
  suggestProducts,
  updateProduct,
  type ProductValues,
} from './products.repository';

const PRODUCT_NOT_FOUND = 'Producto no encontrado.';
const UNKNOWN_CATEGORY = 'La categoría seleccionada no existe.';

type ProductoBody = z.output<typeof productoInputSchema>;

const INACTIVE_CATEGORY = 'La categoría seleccionada está desactivada. Actívala o elige otra.';
const ACTIVATE_CATEGORY_FIRST =
  'La categoría de este producto está desactivada. Actívala primero en Categorías.';

/**
 * A product goes into an existing, active category. One already in a deactivated category may
 * still be edited while it stays there (it is inactive too: a category with active products
 * cannot be deactivated).
 */
async function toValues(
  db: Db,
  body: ProductoBody,
  currentCategoryId?: number,
): Promise<ProductValues> {
  const active = await categoryActive(db, body.categoria.id);
  if (active === null) throw badRequest(UNKNOWN_CATEGORY, { categoria: UNKNOWN_CATEGORY });
  if (!active && body.categoria.id !== currentCategoryId) {
    throw badRequest(INACTIVE_CATEGORY, { categoria: INACTIVE_CATEGORY });
  }
  if (body.oferta && body.oferta.precio >= body.precio) {
    const message = PRODUCT_MESSAGES.ofertaBajoPrecio;
    throw badRequest(message, { 'oferta.precio': message });
  }
  return {
    nombre: body.nombre,
    descripcion: body.descripcion ?? null,
    precio: body.precio,
    stock: body.stock,
    imagen: body.imagen ?? null,
    categoriaId: body.categoria.id,
    marca: body.marca ?? null,
    sku: body.sku ?? '',
    especificaciones: body.especificaciones ?? [],
    componente: body.componente,
    oferta: body.oferta,
    medidas: body.medidas,
  };
}

const adminErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
};

/** Saving a product: another one may hold the SKU. */
const saveErrors = { ...adminErrors, 409: errorResponseSchema };

const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['productos'];
  /** ADMIN and VENDOR run the catalogue, so they also see inactive products (decision 018). */
  const isStaffUser = async (request: Parameters<typeof app.currentUser>[0]) =>
    isStaffRole((await app.currentUser(request))?.role);

  // Orders move stock all day: the kept answers get it from one read instead of being rebuilt.
  app.catalogCache.refreshStockWith((ids) => stockOnSale(app.db, ids));

  /** Products as a shopper or the staff sees them (offer-view.ts). */
  const expireAt = (ms: number) => app.catalogCache.expireAt(ms);
  const shown = (products: Producto[], staff: boolean): Producto[] => {
    if (!staff) return forShoppers(products, expireAt);
    noteOfferChanges(products, expireAt);
    return products;
  };

  app.get(
    '/productos',
    {
      config: { catalogCache: true },
      schema: {
        tags,
        description: `Productos activos; con un token ADMIN o VENDOR, todos (o solo los activos o inactivos con \`estado\`). \`q\` busca sin importar mayúsculas, tildes ni ñ, tolera errores de tipeo y ordena por relevancia salvo otro \`orden\`. Sin \`limite\`, ${LIST_LIMIT_DEFAULT} por página. ${PAGE_HEADERS_DESCRIPTION}`,
        querystring: productosQuerySchema,
        response: { 200: z.array(productoSchema) },
      },
    },
    async (request, reply) => {
      const staff = await isStaffUser(request);
      const page = await listProducts(app.db, request.query, staff);
      sendPageHeaders(request, reply, page);
      return shown(page.items, staff);
    },
  );

  app.get(
    '/productos/facetas',
    {
      config: { catalogCache: true },
      schema: {
        tags,
        description: `Con los mismos filtros que la lista, cuántos productos activos deja cada categoría, cada marca (hasta ${FACET_BRANDS_MAX}) y los valores más comunes de las especificaciones que comparten al menos dos productos. Cada faceta se cuenta sin su propio filtro, para que sus otras opciones sigan a la vista. \`marca\` admite varias separadas por comas; \`espec\` es \`nombre:valor\`, repetido o separado por comas.`,
        querystring: productosQuerySchema,
        response: { 200: facetasSchema },
      },
    },
    async (request) => productFacets(app.db, request.query),
  );

  app.get(
    '/productos/sugerencias',
    {
      config: { catalogCache: true },
      schema: {
        tags,
        description: `Hasta ${SUGGESTIONS_MAX} productos activos para lo que se va escribiendo; si ninguno coincide y el catálogo tiene un término parecido, \`quisisteDecir\`. Con menos de ${SUGGESTIONS_Q_MIN} caracteres, nada.`,
        querystring: sugerenciasQuerySchema,
        response: { 200: sugerenciasSchema },
      },
    },
    async (request) => {
      const found = await suggestProducts(app.db, request.query.q);
      return { ...found, productos: shown(found.productos, false) };
    },
  );

  app.get(
    '/productos/:id',
    {
      config: { catalogCache: true },
      schema: {
        tags,
        params: idParams,
        response: { 200: productoSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const product = await findProduct(app.db, request.params.id);
      const staff = await isStaffUser(request);
      if (!product || (!product.activo && !staff)) throw notFound(PRODUCT_NOT_FOUND);
      return shown([product], staff)[0]!;
    },
  );

  app.get(
    '/productos/:id/compatibles',
    {
      config: { catalogCache: true },
      schema: {
        tags,
        description: `'Compatible con este producto': para un componente de PC con su especificación completa, hasta ${COMPATIBLES_PER_KIND} piezas de cada tipo con el que sus reglas se cruzan (placas y refrigeración de un procesador, placas, tarjetas y refrigeración de un gabinete…) que calzan con él, activas y con stock, de la más barata a la más cara. Un producto que no es un componente, o cuya especificación está incompleta, no tiene grupos.`,
        params: idParams,
        response: { 200: compatiblesSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const product = await findProduct(app.db, request.params.id);
      if (!product?.activo) throw notFound(PRODUCT_NOT_FOUND);
      const { grupos } = await compatibleParts(
        app.db,
        keptPartsOnSale(app.db, app.catalogCache),
        product,
      );
      return {
        grupos: grupos.map((g) => ({ ...g, productos: shown(g.productos, false) })),
      };
    },
  );

  app.post(
    '/productos',
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security: staffOnly,
        body: productoInputSchema,
        response: { 201: productoSchema, ...saveErrors },
      },
    },
    async (request, reply) => {
      const id = await insertProduct(app.db, await toValues(app.db, request.body));
      return reply.status(201).send((await findProduct(app.db, id))!);
    },
  );

  app.put(
    '/productos/:id',
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security: staffOnly,
        params: idParams,
        body: productoInputSchema,
        response: { 200: productoSchema, 404: errorResponseSchema, ...saveErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const current = await findProduct(app.db, id);
      if (!current) throw notFound(PRODUCT_NOT_FOUND);
      const values = await toValues(app.db, request.body, current.categoria.id);
      // A stock back from none to some enqueues its alerts with the change (decision 028).
      await app.db.transaction(async (tx) => {
        const before = await updateProduct(tx, id, values);
        if (!before) throw notFound(PRODUCT_NOT_FOUND);
        if (before.stockAntes === 0 && values.stock > 0)
          await app.events.record(tx, restockEvents([id]));
      });
      return (await findProduct(app.db, id))!;
    },
  );

  /** Deactivation and its undo answer the product as it is afterwards. */
  const setActive = (activo: boolean) => async (request: { params: { id: number } }) => {
    if (activo) {
      const product = await findProduct(app.db, request.params.id);
      if (product && (await categoryActive(app.db, product.categoria.id)) === false)
        throw conflict(ACTIVATE_CATEGORY_FIRST);
    }
    if (!(await setProductActive(app.db, request.params.id, activo))) {
      throw notFound(PRODUCT_NOT_FOUND);
    }
    return (await findProduct(app.db, request.params.id))!;
  };

  app.patch(
    '/productos/:id/desactivar',
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security: staffOnly,
        description: 'La tienda deja de listar y mostrar el producto; el admin lo sigue viendo.',
        params: idParams,
        response: { 200: productoSchema, 404: errorResponseSchema, ...adminErrors },
      },
    },
    setActive(false),
  );

  app.patch(
    '/productos/:id/activar',
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security: staffOnly,
        description:
          'Vuelve a poner a la venta un producto desactivado; si su categoría está desactivada, 409.',
        params: idParams,
        response: {
          200: productoSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          ...adminErrors,
        },
      },
    },
    setActive(true),
  );
};

export default productRoutes;
