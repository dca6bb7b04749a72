import { useState } from 'react';
import { useLocation, useNavigationType, useSearchParams } from 'react-router';
import type { BlogCategory } from './posts';
import { parseCategory } from './search-posts';

/** Names of the query string, so a filtered list survives a reload and can be shared. */
export const BLOG_PARAMS = { category: 'categoria', query: 'q', page: 'pagina' } as const;

// Marks the address changes made by typing in the search box (see below).
const TYPED = { blogSearchTyped: true } as const;

function isTyped(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'blogSearchTyped' in state;
}

function setParam(params: URLSearchParams, name: string, value: string | null) {
  if (value) params.set(name, value);
  else params.delete(name);
}

/** Category, search and page of the blog list, kept in the address. */
export function useBlogFilters() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigationType = useNavigationType();
  const urlQuery = params.get(BLOG_PARAMS.query) ?? '';
  const category = parseCategory(params.get(BLOG_PARAMS.category));
  const page = Number(params.get(BLOG_PARAMS.page) ?? '1');

  // The router updates the address in a transition, which would lose keystrokes if the box read
  // its text from there. So the box keeps its own text and writes it to the address; any other
  // change of the address (a link to /blogs, back and forward) brings the box into line.
  const [query, setQueryText] = useState(urlQuery);
  const [seenLocationKey, setSeenLocationKey] = useState(location.key);
  if (location.key !== seenLocationKey) {
    setSeenLocationKey(location.key);
    if (navigationType === 'POP' || !isTyped(location.state)) setQueryText(urlQuery);
  }

  function navigate(
    next: { category: BlogCategory | null; query: string; page: number },
    typed = false,
  ) {
    const nextParams = new URLSearchParams(params);
    setParam(nextParams, BLOG_PARAMS.category, next.category);
    setParam(nextParams, BLOG_PARAMS.query, next.query.trim() ? next.query : null);
    setParam(nextParams, BLOG_PARAMS.page, next.page > 1 ? String(next.page) : null);
    // Typing replaces the entry, so Back leaves the list instead of undoing one letter at a time.
    setParams(nextParams, {
      replace: typed,
      preventScrollReset: true,
      state: typed ? TYPED : undefined,
    });
  }

  return {
    category,
    query,
    page,
    /** A new category or search starts again at page 1. */
    setCategory: (value: BlogCategory | null) => navigate({ category: value, query, page: 1 }),
    typeQuery: (value: string) => {
      setQueryText(value);
      navigate({ category, query: value, page: 1 }, true);
    },
    clearQuery: () => {
      setQueryText('');
      navigate({ category, query: '', page: 1 });
    },
    setPage: (value: number) => navigate({ category, query, page: value }),
  };
}
