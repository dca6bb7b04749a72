import type { Armado, Producto } from '@nexbyte/shared';
import type { QueryClient } from '@tanstack/react-query';
import { findPost } from '../../features/blog/posts';
import { buildQueryOptions } from '../../features/pc-builder/api/get-build';
import { productQueryOptions } from '../../features/catalog/api/get-product';
import { parseProductId } from '../../features/catalog/product-id';
import { escapeAttribute, renderHeadHtml, type PageHead } from './page-head';
import {
  blogListHead,
  blogPostHead,
  homeHead,
  isStaticPagePath,
  notFoundHead,
  pendingBuildHead,
  pendingProductHead,
  productHead,
  productListHead,
  sharedBuildHead,
  staticPageHead,
  type HeadContext,
} from './page-heads';

export interface HeadSources extends HeadContext {
  /**
   * The query cache the page renders from: a product page reads its product under
   * productQueryOptions(id).queryKey, so the server must have prefetched it there.
   */
  queryClient: QueryClient;
}

/** Screens of the site layout that keep their own title only (account, checkout, orders…). */
const PRIVATE_PREFIXES = [
  '/cuenta',
  '/pedido/',
  '/recuperar',
  '/newsletter/',
  '/soporte/seguimiento/',
];

/** A path segment as the router gives it to the screen; a malformed escape stays as written. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function productPageHead(ctx: HeadSources, rawId: string): PageHead {
  const id = parseProductId(rawId);
  if (id === null) return notFoundHead(ctx);
  const { queryKey } = productQueryOptions(id);
  const state = ctx.queryClient.getQueryState<Producto | null>(queryKey);
  if (state?.data) return productHead(ctx, state.data);
  // An error (404 for an unknown or inactive product) or an answer without a product.
  if (state?.status === 'error' || state?.status === 'success') return notFoundHead(ctx);
  return pendingProductHead(ctx, id);
}

/**
 * The head of the page at `url` from the data it renders with; null for the screens outside the
 * public shop (the admin area, the account, an order), which set only their title. The checkout
 * and the cart have a head of their own, noindex.
 * The server calls it after prefetching and the browser on every navigation, so both agree.
 */
export function headForRequest(url: URL, sources: HeadSources): PageHead | null {
  const path = url.pathname.replace(/(.)\/+$/, '$1');
  if (path === '/admin' || path.startsWith('/admin/')) return null;
  if (
    PRIVATE_PREFIXES.some((prefix) => path === prefix.replace(/\/$/, '') || path.startsWith(prefix))
  )
    return null;
  if (path === '/') return homeHead(sources);
  if (path === '/productos') return productListHead(sources, url.searchParams);
  if (path === '/blogs') return blogListHead(sources, url.searchParams);
  if (isStaticPagePath(path)) return staticPageHead(sources, path);
  const product = /^\/productos\/detalle\/([^/]+)$/.exec(path);
  if (product) return productPageHead(sources, decodeSegment(product[1] ?? ''));
  const build = /^\/arma-tu-pc\/b\/([^/]+)$/.exec(path);
  if (build) {
    const { queryKey } = buildQueryOptions(decodeSegment(build[1] ?? ''));
    const state = sources.queryClient.getQueryState<Armado>(queryKey);
    if (state?.data) return sharedBuildHead(sources, state.data);
    // Unknown (the API's 404); on client navigation, still on its way.
    return state?.status === 'error' ? notFoundHead(sources) : pendingBuildHead(sources);
  }
  const post = /^\/blog\/([^/]+)$/.exec(path);
  if (post) {
    const found = findPost(decodeSegment(post[1] ?? ''));
    return found ? blogPostHead(sources, found) : notFoundHead(sources);
  }
  return notFoundHead(sources);
}

/**
 * For the server: the head HTML of the page at `url` (a path with its query, or a URL), to write
 * in place of the template's <title> and description; '' for screens outside the public shop.
 * It also names PUBLIC_URL in a meta the browser reads, so canonicals made on client navigation
 * use the same origin.
 */
export function renderHeadForRequest(url: string | URL, sources: HeadSources): string {
  const head = headForRequest(new URL(url, `${sources.publicUrl}/`), sources);
  const origin = `<meta name="${PUBLIC_URL_META}" content="${escapeAttribute(sources.publicUrl)}">`;
  return head ? `${renderHeadHtml(head)}\n${origin}` : origin;
}

/** The meta through which the server tells the browser its PUBLIC_URL. */
export const PUBLIC_URL_META = 'nexbyte:public-url';
