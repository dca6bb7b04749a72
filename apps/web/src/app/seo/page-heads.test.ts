import type { Producto } from '@nexbyte/shared';
import { describe, expect, it } from 'vitest';
import { BLOG_POSTS } from '../../features/blog/posts';
import { headElements, jsonLdText, renderHeadHtml, type PageHead } from './page-head';
import {
  blogListHead,
  blogPostHead,
  describe as describeText,
  homeHead,
  notFoundHead,
  productHead,
  productListHead,
  staticPageHead,
} from './page-heads';

const ctx = { publicUrl: 'https://tienda.nexbyte.cl' };

const product: Producto = {
  id: 42,
  nombre: 'Mouse Logitech G203',
  descripcion: 'Mouse gamer con 8.000 DPI e iluminación RGB.',
  precio: 19990,
  imagen: '/imagenes/7/original.jpg',
  stock: 3,
  activo: true,
  categoria: { id: 1, nombre: 'Mouse' },
  marca: 'Logitech',
  sku: 'LOG-G203',
  especificaciones: [],
  imagenes: [
    {
      id: 7,
      url: '/imagenes/7/original.jpg',
      alt: 'Mouse G203 negro visto desde arriba',
      ancho: 1200,
      alto: 900,
      variantes: [],
    },
  ],
  createdAt: '2026-01-10T12:00:00.000Z',
};

/** The content of a meta by its name or property, as a crawler reads it. */
function metaOf(head: PageHead, key: string): string | undefined {
  const element = headElements(head).find(
    (e) => e.tag === 'meta' && (e.attributes.name === key || e.attributes.property === key),
  );
  return element?.attributes.content;
}

describe('page heads', () => {
  it('a product page names the product, its price in CLP and an absolute picture', () => {
    const head = productHead(ctx, product);
    expect(head.title).toBe('Mouse Logitech G203 | Nexbyte');
    expect(head.canonical).toBe('https://tienda.nexbyte.cl/productos/detalle/42');
    expect(head.noindex).toBe(false);
    expect(metaOf(head, 'description')).toBe('Mouse gamer con 8.000 DPI e iluminación RGB.');
    expect(metaOf(head, 'og:type')).toBe('product');
    expect(metaOf(head, 'og:title')).toBe('Mouse Logitech G203 | Nexbyte');
    expect(metaOf(head, 'og:image')).toBe('https://tienda.nexbyte.cl/imagenes/7/original.jpg');
    expect(metaOf(head, 'og:image:alt')).toBe('Mouse G203 negro visto desde arriba');
    expect(metaOf(head, 'product:price:amount')).toBe('19990');
    expect(metaOf(head, 'product:price:currency')).toBe('CLP');
    expect(metaOf(head, 'twitter:card')).toBe('summary_large_image');
  });

  it('a product page describes Product with an Offer and a BreadcrumbList in JSON-LD', () => {
    const [item, breadcrumb = {}] = productHead(ctx, product).jsonLd;
    expect(item).toMatchObject({
      '@type': 'Product',
      name: 'Mouse Logitech G203',
      sku: 'LOG-G203',
      brand: { '@type': 'Brand', name: 'Logitech' },
      offers: {
        '@type': 'Offer',
        price: 19990,
        priceCurrency: 'CLP',
        availability: 'https://schema.org/InStock',
      },
    });
    expect(breadcrumb).toMatchObject({ '@type': 'BreadcrumbList' });
    const items = (breadcrumb.itemListElement as { name: string; item: string }[]).map(
      ({ name, item: url }) => [name, url],
    );
    expect(items).toEqual([
      ['Inicio', 'https://tienda.nexbyte.cl/'],
      ['Productos', 'https://tienda.nexbyte.cl/productos'],
      ['Mouse', 'https://tienda.nexbyte.cl/productos?categoria=Mouse'],
      ['Mouse Logitech G203', 'https://tienda.nexbyte.cl/productos/detalle/42'],
    ]);
  });

  it('a sold-out product without brand or photos is OutOfStock, has no brand and is shared with the shop picture', () => {
    const head = productHead(ctx, {
      ...product,
      stock: 0,
      marca: null,
      imagenes: [],
      imagen: '/img/categorias/mouse.svg',
      descripcion: null,
    });
    const [item] = head.jsonLd;
    expect(item).not.toHaveProperty('brand');
    expect(item).toMatchObject({ offers: { availability: 'https://schema.org/OutOfStock' } });
    // Social previews show no SVG: a drawing is shared as the shop's PNG picture.
    expect(metaOf(head, 'og:image')).toBe('https://tienda.nexbyte.cl/img/compartir.png');
    expect(metaOf(head, 'description')).toContain('Mouse Logitech G203');
  });

  it('home carries Organization and WebSite with a SearchAction on the product search', () => {
    const head = homeHead(ctx);
    expect(head.canonical).toBe('https://tienda.nexbyte.cl/');
    expect(head.jsonLd.map((d) => d['@type'])).toEqual(['Organization', 'WebSite']);
    expect(head.jsonLd[1]).toMatchObject({
      potentialAction: {
        '@type': 'SearchAction',
        target: { urlTemplate: 'https://tienda.nexbyte.cl/productos?q={search_term_string}' },
        'query-input': 'required name=search_term_string',
      },
    });
  });

  it('a blog post is an article with a BlogPosting', () => {
    const post = BLOG_POSTS[0]!;
    const head = blogPostHead(ctx, post);
    expect(head.title).toBe(`${post.title} | Nexbyte`);
    expect(head.canonical).toBe(`https://tienda.nexbyte.cl/blog/${post.id}`);
    expect(metaOf(head, 'og:type')).toBe('article');
    expect(metaOf(head, 'og:image')).toBe(
      post.image.endsWith('.svg')
        ? 'https://tienda.nexbyte.cl/img/compartir.png'
        : `https://tienda.nexbyte.cl${post.image}`,
    );
    expect(head.jsonLd[0]).toMatchObject({
      '@type': 'BlogPosting',
      headline: post.title,
      datePublished: post.date,
    });
  });

  it('the product list and one category are indexed; other filters and pages are noindex variants', () => {
    const list = productListHead(ctx, new URLSearchParams());
    expect(list).toMatchObject({
      noindex: false,
      canonical: 'https://tienda.nexbyte.cl/productos',
    });
    const category = productListHead(ctx, new URLSearchParams('categoria=Tarjetas de video'));
    expect(category.noindex).toBe(false);
    expect(category.canonical).toBe(
      'https://tienda.nexbyte.cl/productos?categoria=Tarjetas+de+video',
    );
    expect(category.title).toBe('Tarjetas de video | Productos | Nexbyte');
    const paged = productListHead(ctx, new URLSearchParams('categoria=Mouse&pagina=2'));
    expect(paged).toMatchObject({
      noindex: true,
      canonical: 'https://tienda.nexbyte.cl/productos?categoria=Mouse',
    });
    expect(metaOf(paged, 'robots')).toBe('noindex, follow');
    expect(productListHead(ctx, new URLSearchParams('q=mouse')).noindex).toBe(true);
    expect(blogListHead(ctx, new URLSearchParams('pagina=2')).noindex).toBe(true);
    expect(blogListHead(ctx, new URLSearchParams()).noindex).toBe(false);
  });

  it('the 404 page is noindex without canonical; the cart is noindex', () => {
    const head = notFoundHead(ctx);
    expect(head.canonical).toBeNull();
    expect(metaOf(head, 'robots')).toBe('noindex, follow');
    expect(renderHeadHtml(head)).not.toContain('canonical');
    expect(staticPageHead(ctx, '/carrito').noindex).toBe(true);
    expect(staticPageHead(ctx, '/nosotros')).toMatchObject({
      title: 'Nosotros | Nexbyte',
      noindex: false,
      canonical: 'https://tienda.nexbyte.cl/nosotros',
    });
  });

  it('long descriptions are cut at a word to at most 160 characters', () => {
    const text = `${'palabra '.repeat(40)}final`;
    const line = describeText(text);
    expect(line.length).toBeLessThanOrEqual(160);
    expect(line.endsWith('palabra…')).toBe(true);
  });
});

describe('head HTML', () => {
  it('a product named like a closing script tag cannot end the JSON-LD script', () => {
    const evil = {
      ...product,
      nombre: '</script><script>alert(1)</script>',
      marca: 'A & "B"',
      descripcion: 'Dice "hola" & más',
    };
    const html = renderHeadHtml(productHead(ctx, evil));
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('<title data-page-head>&lt;/script&gt;&lt;script&gt;alert(1)');
    expect(html).toContain('content="Dice &quot;hola&quot; &amp; más"');
    const json = /<script type="application\/ld\+json" data-page-head>(.*?)<\/script>/.exec(html);
    expect(JSON.parse(json?.[1] ?? '')).toMatchObject({
      name: evil.nombre,
      brand: { name: 'A & "B"' },
    });
  });

  it('JSON-LD text parses back to the same value', () => {
    const value = { a: '<b>&\u2028</b>' };
    expect(JSON.parse(jsonLdText(value))).toEqual(value);
    expect(jsonLdText(value)).not.toMatch(/[<>&\u2028]/);
  });
});
