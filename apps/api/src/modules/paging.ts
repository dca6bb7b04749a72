import type { FastifyReply, FastifyRequest } from 'fastify';

export interface PageInfo {
  pagina: number;
  limite: number;
  /** Every row the list holds, not only this page's. */
  total: number;
}

/** The last page of a list (page 1 when it is empty). */
const lastPage = ({ limite, total }: Pick<PageInfo, 'limite' | 'total'>) =>
  Math.max(1, Math.ceil(total / limite));

/**
 * RFC 8288 links to the first, previous, next and last pages: the request's own path and query
 * with only `pagina` changed. A page past the end still links back to the last one.
 */
export function pageLinks(url: string, page: PageInfo): string {
  const last = lastPage(page);
  const href = (pagina: number) => {
    const target = new URL(url, 'http://localhost');
    target.searchParams.set('pagina', String(pagina));
    return `<${target.pathname}${target.search}>`;
  };
  const links = [`${href(1)}; rel="first"`];
  if (page.pagina > 1) links.push(`${href(Math.min(page.pagina - 1, last))}; rel="prev"`);
  if (page.pagina < last) links.push(`${href(page.pagina + 1)}; rel="next"`);
  links.push(`${href(last)}; rel="last"`);
  return links.join(', ');
}

/** X-Total-Count and Link on a paged list's answer; the body stays a plain JSON array. */
export function sendPageHeaders(request: FastifyRequest, reply: FastifyReply, page: PageInfo) {
  reply.header('x-total-count', String(page.total));
  reply.header('link', pageLinks(request.url, page));
}

export const PAGE_HEADERS_DESCRIPTION =
  'Paginada con `pagina` y `limite`: el total sin paginar va en X-Total-Count y las páginas primera, anterior, siguiente y última en Link (RFC 8288).';
