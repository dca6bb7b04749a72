import type { Categoria, Producto } from '@nexbyte/shared';
import { vi } from 'vitest';

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

export function jsonResponse(body: unknown, init: { status?: number; total?: number } = {}) {
  const headers = new Headers({ 'Content-Type': 'application/json' });
  if (init.total !== undefined) headers.set('X-Total-Count', String(init.total));
  return new Response(JSON.stringify(body), { status: init.status ?? 200, headers });
}

type Handler = (url: URL) => Response | Promise<Response>;

/**
 * Stands in for the API: each path answers with its handler (GET /productos, /productos/{id},
 * /productos/sugerencias, /categorias, /config). Suggestions default to none. Returns the fetch spy, whose
 * calls tell which addresses were requested.
 */
export function mockApi(handlers: {
  products?: Handler;
  product?: Handler;
  suggestions?: Handler;
  categories?: Handler;
  /** GET /productos/facetas; no brand or specification to offer by default. */
  facets?: Handler;
  /** GET /config (the transfer price); unanswered by default, as with no transfer discount. */
  config?: Handler;
}) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api/, '');
    if (path === '/productos' && handlers.products) return handlers.products(url);
    if (path === '/productos/sugerencias') {
      return handlers.suggestions
        ? handlers.suggestions(url)
        : jsonResponse({ productos: [], quisisteDecir: null });
    }
    if (path === '/productos/facetas') {
      return handlers.facets
        ? handlers.facets(url)
        : jsonResponse({ categorias: [], marcas: [], especificaciones: [] });
    }
    if (/^\/productos\/[^/]+$/.test(path) && handlers.product) return handlers.product(url);
    if (path === '/config' && handlers.config) return handlers.config(url);
    if (path === '/categorias') {
      return handlers.categories ? handlers.categories(url) : jsonResponse(CATEGORIAS);
    }
    return jsonResponse({ message: 'No encontrado.' }, { status: 404 });
  });
}

/** The products of a list, paged like the API: `pagina` and `limite` from the address. */
export function pagedProducts(products: Producto[]): Handler {
  return (url) => {
    const limite = Number(url.searchParams.get('limite') ?? products.length) || products.length;
    const pagina = Number(url.searchParams.get('pagina') ?? 1) || 1;
    const page = products.slice((pagina - 1) * limite, pagina * limite);
    return jsonResponse(page, { total: products.length });
  };
}

/** The addresses GET /productos was called with. */
export function requestedUrls(fetchSpy: ReturnType<typeof mockApi>, path = '/api/productos') {
  return fetchSpy.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path);
}
