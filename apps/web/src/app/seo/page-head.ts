/**
 * The head of one public page as data: the server writes it into the HTML's first byte
 * (renderHeadHtml) and the browser applies the same value on client navigation (applyHead), so
 * link previews, search engines and the tab title all read one source.
 */
export interface PageHead {
  /** The whole tab title, shop name included. */
  title: string;
  description: string;
  /** Absolute; null on pages that must not name one (the 404 page). */
  canonical: string | null;
  /** Filtered or paged list variants and the 404 page stay out of search results. */
  noindex: boolean;
  openGraph: {
    type: 'website' | 'product' | 'article';
    title: string;
    description: string;
    /** Absolute. */
    url: string | null;
    /** Absolute. */
    image: string | null;
    imageAlt: string | null;
  };
  /** product:price:* of a product page, in whole pesos. */
  price: { amount: number; currency: 'CLP' } | null;
  /** schema.org objects, each written as its own application/ld+json script. */
  jsonLd: Record<string, unknown>[];
}

/** One element of the head, as both renderHeadHtml and applyHead write it. */
export interface HeadElement {
  tag: 'title' | 'meta' | 'link' | 'script';
  attributes: Record<string, string>;
  text?: string;
}

/**
 * Marks the elements this module owns, so the browser replaces exactly the ones the server wrote
 * and leaves the rest of the head (charset, viewport, icons, styles) alone.
 */
export const HEAD_MARKER = 'data-page-head';

/**
 * JSON inside <script> ends at the first `</script>` whatever the quotes say, so a product named
 * `</script><script>…` could run code. Escaping <, > and & as \u sequences keeps the JSON equal
 * and leaves nothing the HTML parser reacts to; U+2028/2029 are escaped for old JS parsers.
 */
export function jsonLdText(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const meta = (key: 'name' | 'property', name: string, content: string | null): HeadElement[] =>
  content === null ? [] : [{ tag: 'meta', attributes: { [key]: name, content } }];

/** The elements of a head, in the order they are written. */
export function headElements(head: PageHead): HeadElement[] {
  const { openGraph: og } = head;
  return [
    { tag: 'title', attributes: {}, text: head.title },
    ...meta('name', 'description', head.description),
    ...(head.noindex ? meta('name', 'robots', 'noindex, follow') : []),
    ...(head.canonical
      ? [{ tag: 'link' as const, attributes: { rel: 'canonical', href: head.canonical } }]
      : []),
    ...meta('property', 'og:site_name', 'Nexbyte'),
    ...meta('property', 'og:locale', 'es_CL'),
    ...meta('property', 'og:type', og.type),
    ...meta('property', 'og:title', og.title),
    ...meta('property', 'og:description', og.description),
    ...meta('property', 'og:url', og.url),
    ...meta('property', 'og:image', og.image),
    ...meta('property', 'og:image:alt', og.image ? og.imageAlt : null),
    ...(head.price
      ? [
          ...meta('property', 'product:price:amount', String(head.price.amount)),
          ...meta('property', 'product:price:currency', head.price.currency),
        ]
      : []),
    ...meta('name', 'twitter:card', og.image ? 'summary_large_image' : 'summary'),
    ...meta('name', 'twitter:title', og.title),
    ...meta('name', 'twitter:description', og.description),
    ...meta('name', 'twitter:image', og.image),
    ...head.jsonLd.map((data): HeadElement => ({
      tag: 'script',
      attributes: { type: 'application/ld+json' },
      text: jsonLdText(data),
    })),
  ];
}

const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

function elementHtml({ tag, attributes, text }: HeadElement): string {
  const attrs = Object.entries({ ...attributes, [HEAD_MARKER]: '' })
    .map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${escapeAttribute(value)}"`))
    .join('');
  if (tag === 'meta' || tag === 'link') return `<${tag}${attrs}>`;
  // A script's text is already safe (jsonLdText) and must not be entity-escaped: JSON would break.
  const body = tag === 'script' ? (text ?? '') : escapeText(text ?? '');
  return `<${tag}${attrs}>${body}</${tag}>`;
}

/** The head as HTML, for the server to put in place of the template's <title> and description. */
export function renderHeadHtml(head: PageHead): string {
  return headElements(head).map(elementHtml).join('\n');
}

/** Whether a marked element of the document is this one: same tag, attributes and text. */
function isElement(element: Element, { tag, attributes, text }: HeadElement): boolean {
  const names = Object.keys(attributes);
  return (
    element.localName === tag &&
    element.hasAttribute(HEAD_MARKER) &&
    element.attributes.length === names.length + 1 &&
    names.every((name) => element.getAttribute(name) === attributes[name]) &&
    (text === undefined || element.textContent === text)
  );
}

/**
 * Replaces the elements a previous page (or the server) wrote with this page's, and the
 * template's own description and title, which would otherwise be read first. null removes them:
 * screens outside the public shop set only their title (DocumentTitle).
 */
export function applyHead(document: Document, head: PageHead | null): void {
  const owned = document.head.querySelectorAll(`[${HEAD_MARKER}], meta[name="description"]`);
  const elements = head ? headElements(head) : [];
  // The head the server wrote for this page, met again once the page hydrates: left as it is.
  if (owned.length === elements.length && elements.every((e, i) => isElement(owned[i]!, e))) return;
  for (const element of owned) element.remove();
  if (!head) return;
  const fragment = document.createDocumentFragment();
  for (const { tag, attributes, text } of elements) {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    element.setAttribute(HEAD_MARKER, '');
    if (text !== undefined) element.textContent = text;
    fragment.append(element);
  }
  // First in the head, so document.title reads this <title> before the template's one.
  document.head.prepend(fragment);
}
