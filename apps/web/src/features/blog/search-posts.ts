import { BLOG_PAGE_SIZE } from '@nexbyte/shared';
import { BLOG_CATEGORIES, type BlogCategory, type BlogPost } from './posts';
import { normalizeText } from '../../lib/normalize-text';

/** A category named in the address, 'guias' or 'Guías'; null (all of them) for anything else. */
export function parseCategory(value: string | null): BlogCategory | null {
  if (!value) return null;
  const wanted = normalizeText(value);
  return BLOG_CATEGORIES.find((category) => normalizeText(category) === wanted) ?? null;
}

/**
 * Posts of the category (all when null) that contain every word of the query in their title,
 * summary, author or category.
 */
export function searchPosts(
  posts: readonly BlogPost[],
  { category, query }: { category: BlogCategory | null; query: string },
): BlogPost[] {
  const words = normalizeText(query).split(/\s+/).filter(Boolean);
  return posts.filter((post) => {
    if (category && post.category !== category) return false;
    const text = normalizeText([post.title, post.summary, post.author, post.category].join(' '));
    return words.every((word) => text.includes(word));
  });
}

/** One page of the results; a page number out of range shows the nearest page. */
export function paginate<T>(
  items: readonly T[],
  requestedPage: number,
): { items: T[]; page: number; pageCount: number } {
  const pageCount = Math.max(1, Math.ceil(items.length / BLOG_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.trunc(requestedPage) || 1), pageCount);
  const start = (page - 1) * BLOG_PAGE_SIZE;
  return { items: items.slice(start, start + BLOG_PAGE_SIZE), page, pageCount };
}
