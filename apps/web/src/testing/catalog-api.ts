// Catalogue fixtures and handlers for the one stand-in API (testing/mock-api.ts).
import type { Categoria, Producto } from '@nexbyte/shared';

import {
  mockApi,
  type MockApiOptions,
  type MockCall,
  type MockHandler,
  type MockReply,
} from './mock-api';

export const CATEGORIAS: Categoria[] = [
  { id: 1, nombre: 'Periféricos' },
  { id: 2, nombre: 'Componentes' },
  { id: 3, nombre: 'Almacenamiento' },
];

export function buildProducto(overrides: Partial<Producto> = {}): Producto {
  return {
    id: 1,
    nombre: 'Mouse Logitech G203',
    descripcion: 'Mouse gamer con sensor de 8000 DPI e iluminación RGB.',
    precio: 19990,
    imagen: '/img/categorias/perifericos.svg',
    stock: 25,
    activo: true,
    categoria: CATEGORIAS[0]!,
    marca: null,
    sku: 'NB-000001',
    especificaciones: [],
    imagenes: [],
    createdAt: '2026-01-15T12:00:00.000Z',
    ...overrides,
  };
}

/** n different products, ids from `firstId`. */
export function buildProductos(n: number, firstId = 1): Producto[] {
  return Array.from({ length: n }, (_, i) =>
    buildProducto({ id: firstId + i, nombre: `Producto ${firstId + i}`, precio: 1000 * (i + 1) }),
  );
}

/**
 * What the public catalogue asks for besides its subject, answered as an empty shop would:
 * the categories, no suggestions, no brand or specification to filter by, and no store settings
 * (GET /config 404s, so no transfer price is shown).
 */
export const CATALOG_DEFAULTS: Record<string, MockHandler> = {
  'GET /categorias': { body: CATEGORIAS },
  'GET /productos/sugerencias': { body: { productos: [], quisisteDecir: null } },
  'GET /productos/facetas': { body: { categorias: [], marcas: [], especificaciones: [] } },
  'GET /config': { status: 404, body: { message: 'No encontrado.' } },
};

/**
 * mockApi (testing/mock-api.ts) with the catalogue's defaults underneath: the test names only
 * the calls it is about, e.g. `'GET /productos': pagedProducts(list)` or
 * `'GET /productos/:id': { body: product }`, and reads them back with `callsTo`.
 */
export function mockCatalogApi(
  handlers: Record<string, MockHandler> = {},
  options?: MockApiOptions,
) {
  return mockApi({ ...CATALOG_DEFAULTS, ...handlers }, options);
}

/** The products of a list, paged like the API: `pagina` and `limite` from the query. */
export function pagedProducts(products: Producto[]): (call: MockCall) => MockReply {
  return ({ query }) => {
    const limite = Number(query.get('limite') ?? products.length) || products.length;
    const pagina = Number(query.get('pagina') ?? 1) || 1;
    const page = products.slice((pagina - 1) * limite, pagina * limite);
    return { body: page, headers: { 'X-Total-Count': String(products.length) } };
  };
}
