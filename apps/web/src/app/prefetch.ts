import type { QueryClient } from '@tanstack/react-query';
import { data, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../lib/api-client';

/** What the server render hands each loader as its context: the request's own query cache. */
export interface RenderContext {
  queryClient: QueryClient;
}

/**
 * The data of a screen, put into the query cache before the server renders it. It may name the
 * page's status when the screen itself shows the answer (an unknown post leads to the blog).
 */
export type Prefetch = (args: {
  request: Request;
  params: LoaderFunctionArgs['params'];
  queryClient: QueryClient;
}) => Promise<void | { status: number }>;

/** The handle of every lazily loaded screen: its file under src/app, as the build manifest names it. */
export interface ScreenHandle {
  module: string;
}

export function prefetchLoader(prefetch: Prefetch) {
  return async ({ request, params, context }: LoaderFunctionArgs) => {
    const { queryClient } = context as unknown as RenderContext;
    const answer = await prefetch({ request, params, queryClient });
    return answer ? data(null, { status: answer.status }) : null;
  };
}

/** The shop's 404 page with its status, thrown by a prefetch that found nothing to show. */
export function notFound(): never {
  throw data(null, { status: 404 });
}

/** Fetches one query the page cannot show without; the API's 404 becomes the page's 404. */
export async function requireQuery<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  }
}
