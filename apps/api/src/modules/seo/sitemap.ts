import {
  BLOG_POST_INDEX,
  blogPostPath,
  categoryListPath,
  CRAWL_DISALLOWED,
  INDEXABLE_PAGES,
  productPath,
} from '@nexbyte/shared';

/** The sitemaps protocol's bound on the addresses of one file (sitemaps.org). */
export const SITEMAP_URLS_MAX = 50_000;

export const SITEMAP_PATH = '/sitemap.xml';
export const PAGES_SITEMAP = 'paginas.xml';
export const productsSitemap = (n: number) => `productos-${n}.xml`;
/** `productos-{n}.xml`: the n-th stretch of the product list, from 1. */
const PRODUCTS_SITEMAP = /^productos-([1-9]\d{0,8})\.xml$/;

export function productsSitemapNumber(file: string): number | null {
  const match = PRODUCTS_SITEMAP.exec(file);
  return match ? Number(match[1]) : null;
}

export interface SitemapEntry {
  /** A path of the shop, from its root. */
  path: string;
  /** A Date, or a W3C date-time already written (the blog's). */
  lastmod?: Date | string;
}

/** Any text in an XML element: names of categories come from the shop's staff. */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** W3C date-time in UTC, to the millisecond: two changes in one second still differ. */
function w3cDate(value: Date | string): string {
  return typeof value === 'string' ? value : value.toISOString();
}

function element(tag: string, publicUrl: string, entry: SitemapEntry): string {
  const lastmod = entry.lastmod ? `<lastmod>${w3cDate(entry.lastmod)}</lastmod>` : '';
  return `<${tag}><loc>${escapeXml(publicUrl + entry.path)}</loc>${lastmod}</${tag}>`;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export function urlSet(publicUrl: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => element('url', publicUrl, entry)).join('\n');
  return `${XML_HEAD}<urlset xmlns="${NS}">\n${urls}\n</urlset>\n`;
}

export function sitemapIndex(publicUrl: string, entries: readonly SitemapEntry[]): string {
  const sitemaps = entries.map((entry) => element('sitemap', publicUrl, entry)).join('\n');
  return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${sitemaps}\n</sitemapindex>\n`;
}

const newest = (dates: readonly Date[]): Date | undefined =>
  dates.length === 0 ? undefined : new Date(Math.max(...dates.map((d) => d.getTime())));

export interface CatalogueDates {
  /** When the newest page of each stretch of the product list changed. */
  productStretches: readonly Date[];
  categories: ReadonlyArray<{ nombre: string; lastmod: Date }>;
}

/**
 * The shop's own pages, its categories and its blog posts. Home and the list show the catalogue,
 * so they changed when its newest product page did; the blog list when its newest post appeared.
 */
export function pageEntries({ productStretches, categories }: CatalogueDates): SitemapEntry[] {
  const catalogue = newest(productStretches);
  const newestPost = BLOG_POST_INDEX[0]?.date;
  const pages = INDEXABLE_PAGES.map((path): SitemapEntry => {
    if (path === '/' || path === '/productos') return { path, lastmod: catalogue };
    if (path === '/blogs') return { path, lastmod: newestPost };
    return { path };
  });
  return [
    ...pages,
    ...categories.map(({ nombre, lastmod }) => ({ path: categoryListPath(nombre), lastmod })),
    ...BLOG_POST_INDEX.map(({ id, date }) => ({ path: blogPostPath(id), lastmod: date })),
  ];
}

/** The index: the pages' sitemap, then one per stretch of at most SITEMAP_URLS_MAX products. */
export function indexEntries(dates: CatalogueDates, sitemapsPath: string): SitemapEntry[] {
  const pagesLastmod = newest([
    ...dates.productStretches,
    ...BLOG_POST_INDEX.map(({ date }) => new Date(date)),
  ]);
  return [
    { path: `${sitemapsPath}/${PAGES_SITEMAP}`, lastmod: pagesLastmod },
    ...dates.productStretches.map((lastmod, i) => ({
      path: `${sitemapsPath}/${productsSitemap(i + 1)}`,
      lastmod,
    })),
  ];
}

export const productEntries = (
  products: ReadonlyArray<{ id: number; lastmod: Date }>,
): SitemapEntry[] => products.map(({ id, lastmod }) => ({ path: productPath(id), lastmod }));

export function robotsTxt(publicUrl: string): string {
  const disallowed = CRAWL_DISALLOWED.map((path) => `Disallow: ${path}`).join('\n');
  return `User-agent: *\n${disallowed}\n\nSitemap: ${publicUrl}${SITEMAP_PATH}\n`;
}
