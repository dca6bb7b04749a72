import {
  blogPostPath,
  categoryListPath,
  formatCLP,
  offerLastDay,
  type Armado,
  type Producto,
} from '@nexbyte/shared';
import type { BlogPost } from '../../features/blog/posts';
import { productPath } from '../../features/catalog/product-id';
import type { PageHead } from './page-head';

/** The shop's name, as every title ends and the Organization names it. */
export const SHOP_NAME = 'Nexbyte';
export const SHOP_TAGLINE = 'Tecnología y mantención de PC';
export const HOME_DESCRIPTION =
  'Periféricos, componentes, accesorios y servicio técnico para tu PC, con envío a todo Chile.';
/** Shown in previews of pages without a picture of their own. */
/**
 * The shop's share picture (1200×630 PNG). WhatsApp, Facebook and X show no SVG preview, so a
 * page whose own picture is a drawing (a category's, a post's) is shared with this one.
 */
const SHOP_IMAGE = '/img/compartir.png';
const shareable = (image: string) => (/\.svg(?:[?#]|$)/i.test(image) ? SHOP_IMAGE : image);
/** Search engines cut descriptions at about this length. */
const DESCRIPTION_MAX = 160;

/** Where the shop is published (PUBLIC_URL, without a trailing slash) and nothing else. */
export interface HeadContext {
  publicUrl: string;
}

export function absoluteUrl({ publicUrl }: HeadContext, path: string): string {
  return new URL(path, `${publicUrl}/`).href;
}

/** One line of at most DESCRIPTION_MAX characters, cut at a word with an ellipsis. */
export function describe(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= DESCRIPTION_MAX) return line;
  const cut = line.slice(0, DESCRIPTION_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > DESCRIPTION_MAX / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

const fullTitle = (title: string) => `${title} | ${SHOP_NAME}`;

interface BasicHead {
  title: string;
  description: string;
  /** Path (with its query) of the page's canonical address; null for none. */
  canonicalPath: string | null;
  noindex?: boolean;
  type?: PageHead['openGraph']['type'];
  image?: string | null;
  imageAlt?: string | null;
}

function basicHead(ctx: HeadContext, head: BasicHead): PageHead {
  const canonical = head.canonicalPath === null ? null : absoluteUrl(ctx, head.canonicalPath);
  const description = describe(head.description);
  const image =
    head.image === undefined || head.image === null ? head.image : shareable(head.image);
  const shown = image === undefined ? SHOP_IMAGE : image;
  return {
    title: head.title,
    description,
    canonical,
    noindex: head.noindex ?? false,
    openGraph: {
      type: head.type ?? 'website',
      title: head.title,
      description,
      url: canonical,
      image: shown === null ? null : absoluteUrl(ctx, shown),
      imageAlt: shown === SHOP_IMAGE ? SHOP_NAME : (head.imageAlt ?? null),
    },
    price: null,
    jsonLd: [],
  };
}

/** Home: Organization and WebSite with the product search as its SearchAction. */
export function homeHead(ctx: HeadContext): PageHead {
  const head = basicHead(ctx, {
    title: `${SHOP_NAME} | ${SHOP_TAGLINE}`,
    description: HOME_DESCRIPTION,
    canonicalPath: '/',
  });
  const url = absoluteUrl(ctx, '/');
  head.jsonLd = [
    {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: SHOP_NAME,
      url,
      logo: absoluteUrl(ctx, '/favicon.svg'),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: SHOP_NAME,
      url,
      inLanguage: 'es-CL',
      potentialAction: {
        '@type': 'SearchAction',
        target: {
          '@type': 'EntryPoint',
          urlTemplate: `${absoluteUrl(ctx, '/productos')}?q={search_term_string}`,
        },
        'query-input': 'required name=search_term_string',
      },
    },
  ];
  return head;
}

/**
 * The product list. The whole list and one category are pages of their own; any other filter,
 * order or page is a variant: noindex, canonical to the list it narrows.
 */
export function productListHead(ctx: HeadContext, search: URLSearchParams): PageHead {
  const categoria = search.get('categoria')?.trim() || null;
  const others = [...search.keys()].filter((key) => key !== 'categoria');
  return basicHead(ctx, {
    title: fullTitle(categoria ? `${categoria} | Productos` : 'Productos'),
    description: categoria
      ? `${categoria} en ${SHOP_NAME}: precios en pesos chilenos, stock al día y envío a todo Chile.`
      : `Catálogo de ${SHOP_NAME}: periféricos, componentes y accesorios para PC, con precios en pesos chilenos y envío a todo Chile.`,
    canonicalPath: categoria ? categoryListPath(categoria) : '/productos',
    noindex: others.length > 0,
  });
}

/** Stock as schema.org names it. */
const availability = (stock: number) =>
  stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock';

/** A product page: og:type product with its price, and Product + Offer and BreadcrumbList. */
export function productHead(ctx: HeadContext, product: Producto): PageHead {
  const path = productPath(product.id);
  const photo = product.imagenes[0];
  const image = photo?.url ?? product.imagen ?? null;
  const text = product.descripcion?.trim();
  const summary =
    text ||
    `${product.nombre}${product.marca ? ` de ${product.marca}` : ''} en ${SHOP_NAME}, categoría ${product.categoria.nombre}. Envío a todo Chile.`;
  const head = basicHead(ctx, {
    title: fullTitle(product.nombre),
    description: summary,
    canonicalPath: path,
    type: 'product',
    image: image ?? undefined,
    imageAlt: photo?.alt || product.nombre,
  });
  const url = absoluteUrl(ctx, path);
  const price = Math.round(product.precio);
  head.price = { amount: price, currency: 'CLP' };
  head.jsonLd = [
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.nombre,
      description: head.description,
      sku: product.sku,
      ...(product.marca ? { brand: { '@type': 'Brand', name: product.marca } } : {}),
      category: product.categoria.nombre,
      image: product.imagenes.length
        ? product.imagenes.map((img) => absoluteUrl(ctx, img.url))
        : [head.openGraph.image],
      url,
      offers: {
        '@type': 'Offer',
        url,
        price,
        priceCurrency: 'CLP',
        // While an offer runs the price is the offer's, valid until its last day in Chile.
        ...(product.precioNormal != null && product.oferta
          ? { priceValidUntil: offerLastDay(product.oferta.hasta) }
          : {}),
        availability: availability(product.stock),
        itemCondition: 'https://schema.org/NewCondition',
        seller: { '@type': 'Organization', name: SHOP_NAME },
      },
    },
    breadcrumbList(ctx, [
      { name: 'Inicio', path: '/' },
      { name: 'Productos', path: '/productos' },
      { name: product.categoria.nombre, path: categoryListPath(product.categoria.nombre) },
      { name: product.nombre, path },
    ]),
  ];
  return head;
}

function breadcrumbList(ctx: HeadContext, items: { name: string; path: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: absoluteUrl(ctx, item.path),
    })),
  };
}

/** The blog list; a category, a search or a page beyond the first is a noindex variant. */
export function blogListHead(ctx: HeadContext, search: URLSearchParams): PageHead {
  return basicHead(ctx, {
    title: fullTitle('Blog'),
    description: `Guías, consejos de mantención y noticias de ${SHOP_NAME} para cuidar y mejorar tu PC.`,
    canonicalPath: '/blogs',
    noindex: [...search.keys()].length > 0,
  });
}

/** A blog post: og:type article and a BlogPosting. */
export function blogPostHead(ctx: HeadContext, post: BlogPost): PageHead {
  const path = blogPostPath(post.id);
  const head = basicHead(ctx, {
    title: fullTitle(post.title),
    description: post.summary,
    canonicalPath: path,
    type: 'article',
    image: post.image,
    imageAlt: post.imageAlt,
  });
  head.jsonLd = [
    {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: post.title,
      description: head.description,
      image: head.openGraph.image,
      datePublished: post.date,
      author: { '@type': 'Organization', name: post.author },
      publisher: {
        '@type': 'Organization',
        name: SHOP_NAME,
        logo: { '@type': 'ImageObject', url: absoluteUrl(ctx, '/favicon.svg') },
      },
      articleSection: post.category,
      inLanguage: 'es-CL',
      mainEntityOfPage: absoluteUrl(ctx, path),
      url: absoluteUrl(ctx, path),
    },
  ];
  return head;
}

/** The public pages whose head is the same for every visit. */
export const STATIC_PAGES = {
  '/nosotros': {
    title: 'Nosotros',
    description:
      'Nexbyte nació en Santiago en 2020 para vender tecnología para PC con asesoría real y cuidar los equipos de nuestros clientes para que duren más.',
  },
  '/garantias': {
    title: 'Garantías',
    description:
      'Qué cubre la garantía de Nexbyte, los plazos para hacerla válida y cómo la gestionamos, conforme a la Ley del Consumidor (Ley 19.496).',
  },
  '/ayuda': {
    title: 'Ayuda',
    description:
      'Preguntas frecuentes de Nexbyte: compras, pagos, envíos a todo Chile, cambios y devoluciones.',
  },
  '/contacto': {
    title: 'Contacto',
    description: 'Escríbenos: el equipo de Nexbyte responde tus dudas de Lunes a Viernes.',
  },
  '/soporte': {
    title: 'Soporte técnico',
    description:
      'Pide soporte técnico a Nexbyte: mantención preventiva, instalaciones y upgrades, respaldo de datos y formateo de tu PC.',
  },
  '/arma-tu-pc': {
    title: 'Arma tu PC',
    description:
      'Arma tu PC paso a paso con piezas compatibles y en stock: procesador, placa madre, memoria, tarjeta de video, almacenamiento, fuente, gabinete y refrigeración.',
  },
  '/carrito': {
    title: 'Carrito',
    description: 'Tu carrito de compras en Nexbyte.',
    noindex: true,
  },
  '/checkout': {
    title: 'Finalizar compra',
    description: 'Finaliza tu compra en Nexbyte: tus datos, la entrega y el pago.',
    noindex: true,
  },
  '/login': {
    title: 'Iniciar sesión',
    description: 'Inicia sesión en Nexbyte para comprar y seguir tus pedidos.',
    noindex: true,
  },
  '/comparar': {
    title: 'Comparar productos',
    description: 'Compara lado a lado hasta cuatro productos de una misma categoría.',
    noindex: true,
  },
  '/registro': {
    title: 'Registro',
    description: 'Crea tu cuenta en Nexbyte para comprar y seguir tus pedidos.',
    noindex: true,
  },
} as const satisfies Record<string, { title: string; description: string; noindex?: boolean }>;

export type StaticPagePath = keyof typeof STATIC_PAGES;

export function isStaticPagePath(path: string): path is StaticPagePath {
  return Object.hasOwn(STATIC_PAGES, path);
}

/** A fixed page; the cart and the account forms are noindex. */
export function staticPageHead(ctx: HeadContext, path: StaticPagePath): PageHead {
  const page: { title: string; description: string; noindex?: boolean } = STATIC_PAGES[path];
  return basicHead(ctx, {
    title: fullTitle(page.title),
    description: page.description,
    canonicalPath: path,
    noindex: page.noindex ?? false,
  });
}

/**
 * A saved build's page (/arma-tu-pc/b/{codigo}): its parts and total in the description, the
 * first part's photo in the preview (a drawing gives the shop's picture).
 */
export function sharedBuildHead(ctx: HeadContext, armado: Armado): PageHead {
  const names = armado.piezas.map((p) => p.nombre).join(', ');
  const photo = armado.piezas.find((p) => p.imagenes.length > 0)?.imagenes[0];
  return basicHead(ctx, {
    title: fullTitle(armado.titulo ?? 'Armado de PC compartido'),
    description: `${armado.piezas.length} piezas por ${formatCLP(armado.total)}: ${names}.`,
    canonicalPath: `/arma-tu-pc/b/${encodeURIComponent(armado.codigo)}`,
    image: photo?.url,
    imageAlt: photo?.alt || armado.piezas[0]?.nombre,
  });
}

/** A build's page whose build is still on its way (client navigation only). */
export function pendingBuildHead(ctx: HeadContext): PageHead {
  return basicHead(ctx, {
    title: fullTitle('Armado de PC compartido'),
    description: STATIC_PAGES['/arma-tu-pc'].description,
    canonicalPath: null,
  });
}

/** The 404 page: noindex and no canonical. */
export function notFoundHead(ctx: HeadContext): PageHead {
  return basicHead(ctx, {
    title: fullTitle('Página no encontrada'),
    description: 'La página que buscas no existe o ya no está disponible en Nexbyte.',
    canonicalPath: null,
    noindex: true,
  });
}

/** A product page whose product is still on its way (client navigation only). */
export function pendingProductHead(ctx: HeadContext, id: number): PageHead {
  return basicHead(ctx, {
    title: fullTitle('Detalle del producto'),
    description: HOME_DESCRIPTION,
    canonicalPath: productPath(id),
  });
}
