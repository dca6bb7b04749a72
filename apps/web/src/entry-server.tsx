// The server render of the shop's public pages (decision 019). The API's web plugin loads the
// build of this file once and calls `render` for every page address; the browser then hydrates
// the same tree (main.tsx) from the router state and the query cache written into the page.
import {
  defaultShouldDehydrateQuery,
  dehydrate,
  type DehydratedState,
  type Query,
} from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router';
import type { ScreenHandle } from './app/prefetch';
import { AppProviders } from './app/providers';
import { routes } from './app/router';
import { renderHeadForRequest } from './app/seo/head-for-request';
import { ApiError, setApiTransport } from './lib/api-client';
import { createQueryClient } from './lib/query-client';
import { shopConfigQueryOptions } from './lib/shop-config';

export { setApiTransport };

/** The router state the browser's router starts from (window.__staticRouterHydrationData). */
export interface RouterHydration {
  loaderData: StaticHandlerContext['loaderData'];
  actionData: StaticHandlerContext['actionData'];
  errors: Record<string, unknown> | null;
}

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      /** The markup inside #root. */
      html: string;
      /** Title, description, canonical, Open Graph, Twitter and JSON-LD of the page. */
      head: string;
      router: RouterHydration;
      queries: DehydratedState;
      /** The files under src/app of the screens shown (build manifest keys, without extension). */
      modules: string[];
    };

const handler = createStaticHandler(routes);

/**
 * React writes its preloads of the pictures shown at once (the page's main one with
 * fetchpriority=high) at the start of the markup. They go to the head instead, ahead of the
 * page's code, so a phone starts fetching the picture it paints largest with the first bytes.
 */
const LEADING_PRELOADS = /^(?:<link rel="preload"[^>]*\/>)+/;

/**
 * Answers the page was drawn from. A 404 (an unknown or inactive product) travels too, so the
 * browser's head keeps saying 'Página no encontrada' after hydration, as the server's did.
 */
const travelsToBrowser = (query: Query) =>
  defaultShouldDehydrateQuery(query) ||
  (query.state.status === 'error' &&
    query.state.error instanceof ApiError &&
    query.state.error.status === 404);

/** Errors as React Router's own StaticRouterProvider writes them, so its browser router reads them back. */
function serializeErrors(errors: StaticHandlerContext['errors']): Record<string, unknown> | null {
  if (!errors) return null;
  return Object.fromEntries(
    Object.entries(errors).map(([id, error]) => {
      if (isRouteErrorResponse(error)) return [id, { ...error, __type: 'RouteErrorResponse' }];
      if (error instanceof Error) return [id, { message: error.message, __type: 'Error' }];
      return [id, error];
    }),
  );
}

/**
 * The page for `request` (a GET of a page address), or where it redirects. `publicUrl` is the
 * shop's address (PUBLIC_URL) for canonicals and link previews.
 */
export async function render(request: Request, publicUrl: string): Promise<RenderResult> {
  const queryClient = createQueryClient({ server: true });
  // The settings every page's prices follow (the transfer price) come with every page.
  const [context] = await Promise.all([
    handler.query(request, { requestContext: { queryClient } }),
    queryClient.prefetchQuery(shopConfigQueryOptions),
  ]);
  if (context instanceof Response) {
    return {
      kind: 'redirect',
      status: context.status,
      location: context.headers.get('Location') ?? '/',
    };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const markup = renderToString(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  const preloads = LEADING_PRELOADS.exec(markup)?.[0] ?? '';
  const html = markup.slice(preloads.length);
  const deepest = context.matches.at(-1)?.route;
  const status = deepest?.path === '*' ? 404 : context.statusCode;
  const modules = context.matches
    .map((match) => (match.route.handle as ScreenHandle | undefined)?.module)
    .filter((module): module is string => typeof module === 'string');
  return {
    kind: 'page',
    status,
    html,
    head: renderHeadForRequest(request.url, { publicUrl, queryClient }) + preloads,
    router: {
      loaderData: context.loaderData,
      actionData: context.actionData,
      errors: serializeErrors(context.errors),
    },
    queries: dehydrate(queryClient, { shouldDehydrateQuery: travelsToBrowser }),
    modules,
  };
}
