import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SUGGESTIONS_Q_MIN, type Sugerencias } from '@nexbyte/shared';
import { apiFetch } from '../../../lib/api-client';

/** The text as the suggestions are asked for: typed spaces at the ends or doubled change nothing. */
export function suggestionTerm(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

/**
 * GET /productos/sugerencias: up to 8 active products for what the shopper is typing, and a close
 * term from the catalogue when nothing matches ('¿Quisiste decir …?').
 */
export function getSuggestions(
  q: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Sugerencias> {
  return apiFetch<Sugerencias>(`/productos/sugerencias?${new URLSearchParams({ q })}`, { signal });
}

export const suggestionsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['productos', 'sugerencias', q],
    queryFn: async ({ signal }) => {
      try {
        return await getSuggestions(q, { signal });
      } catch (error) {
        // Logged once per request, here: the screens only leave the suggestions out.
        if (!signal.aborted) console.warn('No se pudieron cargar las sugerencias:', error);
        throw error;
      }
    },
    // Typing back and forth over the same letters asks once a minute at most.
    staleTime: 60_000,
    // Suggestions are a convenience: a failed one is not retried, the next key asks again.
    retry: false,
  });

/**
 * Suggestions for a text of at least two characters (shorter ones suggest nothing). While the
 * next text loads, the previous suggestions stay, so the list does not flicker under the fingers.
 */
export function useSuggestions(text: string, { keepPrevious = false } = {}) {
  const q = suggestionTerm(text);
  return useQuery({
    ...suggestionsQueryOptions(q),
    enabled: q.length >= SUGGESTIONS_Q_MIN,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });
}
