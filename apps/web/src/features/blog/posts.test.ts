import { describe, expect, it } from 'vitest';
import { postBody } from './post-bodies';
import { adjacentPosts, BLOG_CATEGORIES, BLOG_POSTS, findPost } from './posts';
import { normalizeText } from '../../lib/normalize-text';
import { paginate, parseCategory, searchPosts } from './search-posts';

describe('artículos del blog', () => {
  it('son los cuatro de la especificación, del más nuevo al más antiguo', () => {
    expect(BLOG_POSTS.map((post) => post.id)).toEqual([
      'mantenimiento-programado-v3',
      '7-trucos-geek-setup',
      'guia-componentes-pc-2025',
      'mantenimiento-preventivo',
    ]);
    const times = BLOG_POSTS.map((post) => new Date(post.date).getTime());
    expect(times.every((time) => !Number.isNaN(time))).toBe(true);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('cada uno tiene categoría válida, imagen propia y un cuerpo con subtítulos y párrafos', () => {
    for (const post of BLOG_POSTS) {
      expect(BLOG_CATEGORIES).toContain(post.category);
      expect(post.image).toBe(`/img/blog/${post.id}.svg`);
      expect(post.imageAlt).not.toBe('');
      const body = postBody(post.id);
      expect(body.filter((block) => block.type === 'h2').length).toBeGreaterThanOrEqual(3);
      expect(body.filter((block) => block.type === 'p').length).toBeGreaterThanOrEqual(3);
    }
  });

  it('anterior y siguiente siguen el orden de la lista y no dan la vuelta', () => {
    const [first, second, , last] = BLOG_POSTS;
    expect(adjacentPosts(BLOG_POSTS, second!.id)).toEqual({
      previous: first,
      next: BLOG_POSTS[2],
    });
    expect(adjacentPosts(BLOG_POSTS, first!.id).previous).toBeUndefined();
    expect(adjacentPosts(BLOG_POSTS, last!.id).next).toBeUndefined();
    expect(adjacentPosts(BLOG_POSTS, 'no-existe')).toEqual({});
  });

  it('findPost encuentra por id y nada para un id desconocido', () => {
    expect(findPost('7-trucos-geek-setup')?.title).toMatch(/7 trucos/);
    expect(findPost('no-existe')).toBeUndefined();
    expect(findPost(undefined)).toBeUndefined();
  });
});

describe('búsqueda y páginas del blog', () => {
  it('normaliza mayúsculas y tildes', () => {
    expect(normalizeText('Guías de MANTENCIÓN')).toBe('guias de mantencion');
  });

  it('lee la categoría de la dirección con o sin tilde y descarta las desconocidas', () => {
    expect(parseCategory('Guías')).toBe('Guías');
    expect(parseCategory('guias')).toBe('Guías');
    expect(parseCategory('Ofertas')).toBeNull();
    expect(parseCategory(null)).toBeNull();
  });

  it('exige todas las palabras buscadas, en cualquier orden', () => {
    const ids = (query: string) =>
      searchPosts(BLOG_POSTS, { category: null, query }).map((post) => post.id);
    expect(ids('pc armar')).toEqual(['guia-componentes-pc-2025']);
    expect(ids('  ')).toHaveLength(BLOG_POSTS.length);
    expect(ids('armar nintendo')).toEqual([]);
  });

  it('reparte en páginas de 6 y acota la página pedida', () => {
    const items = Array.from({ length: 13 }, (_, i) => i + 1);
    expect(paginate(items, 1)).toEqual({ items: [1, 2, 3, 4, 5, 6], page: 1, pageCount: 3 });
    expect(paginate(items, 3).items).toEqual([13]);
    expect(paginate(items, 0).page).toBe(1);
    expect(paginate(items, Number.NaN).page).toBe(1);
    expect(paginate(items, 7).page).toBe(3);
    expect(paginate([], 1)).toEqual({ items: [], page: 1, pageCount: 1 });
  });
});
