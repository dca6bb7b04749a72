/**
 * The shop's public addresses, written once for the links the web app draws and the sitemap the
 * API publishes, so a search engine is sent to the same pages a shopper reaches.
 */

/**
 * The blog's posts (docs/product.md#blog), newest first, with the day each was published (ISO 8601
 * with Chile's offset). The web app keeps their text; the API needs only which exist and when.
 */
export const BLOG_POST_INDEX = [
  { id: 'mantenimiento-programado-v3', date: '2025-09-01T12:00:00-04:00' },
  { id: '7-trucos-geek-setup', date: '2025-06-16T12:00:00-04:00' },
  { id: 'guia-componentes-pc-2025', date: '2025-03-10T12:00:00-03:00' },
  { id: 'mantenimiento-preventivo', date: '2025-01-20T12:00:00-03:00' },
] as const;

export type BlogPostId = (typeof BLOG_POST_INDEX)[number]['id'];

/** Pages with content of their own that search engines should find (not forms or the cart). */
export const INDEXABLE_PAGES = [
  '/',
  '/productos',
  '/blogs',
  '/nosotros',
  '/garantias',
  '/ayuda',
  '/contacto',
  '/soporte',
] as const;

/** Screens that are personal or transient, and the API: no crawler has any use for them. */
export const CRAWL_DISALLOWED = ['/admin', '/carrito', '/checkout', '/cuenta', '/api'] as const;

export const productPath = (id: number): string => `/productos/detalle/${id}`;

/** The product list narrowed to one category, as the product page's breadcrumb links it. */
export const categoryListPath = (nombre: string): string =>
  `/productos?${new URLSearchParams({ categoria: nombre })}`;

export const blogPostPath = (id: string): string => `/blog/${id}`;
