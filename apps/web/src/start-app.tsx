// The app itself, started by main.tsx once the server's page is on screen: hydrates the page the
// server rendered (decision 019), or renders one it did not.
import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter, routes } from './app/router';
import type { EarlyInput } from './lib/early-input';
import { createQueryClient } from './lib/query-client';
import { SSR_QUERIES_ID, SSR_ROUTER_ID } from './ssr-data';

declare global {
  interface Window {
    __staticRouterHydrationData?: unknown;
  }
}

/**
 * Once React owns the page: gives back what was typed before hydration, sends a submit pressed
 * meanwhile, and marks <html data-hydrated> (the browser tests wait for it).
 */
function AppReady({ earlyInput, children }: { earlyInput: EarlyInput; children: ReactNode }) {
  useEffect(() => {
    earlyInput.release();
    document.documentElement.dataset.hydrated = '';
  }, [earlyInput]);
  return children;
}

/**
 * The whole app, with a new router: made once the server's router state is in place, which
 * createBrowserRouter reads.
 */
function appElement(queryClient: QueryClient, earlyInput: EarlyInput) {
  return (
    <StrictMode>
      <AppReady earlyInput={earlyInput}>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={createAppRouter()} />
        </AppProviders>
      </AppReady>
    </StrictMode>
  );
}

/** The JSON the server wrote into the page beside #root, or null on a page it did not render. */
function readServerData(id: string): unknown {
  const text = document.getElementById(id)?.textContent;
  return text ? (JSON.parse(text) as unknown) : null;
}

/**
 * The screens the server rendered, loaded before hydrating: a lazy screen not loaded yet would
 * hydrate as its fallback and differ from the server's HTML.
 */
async function loadMatchedScreens(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

/**
 * The server's data, dated now. A page may come from the server's page cache, rendered minutes
 * ago; that cache is dropped with every catalogue change, so what it holds is still current, and
 * its original dates would make every query stale at once and fetched a second time.
 */
function datedNow(state: DehydratedState): DehydratedState {
  const now = Date.now();
  return {
    ...state,
    queries: state.queries.map((query) => ({
      ...query,
      dehydratedAt: now,
      state: { ...query.state, dataUpdatedAt: query.state.dataUpdatedAt && now },
    })),
  };
}

/** Lets the browser paint and answer input between two pieces of start-up work. */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function startApp(container: HTMLElement, earlyInput: EarlyInput) {
  // The app's code has just run; the rest of the start-up is a task of its own.
  await yieldToBrowser();
  const queryClient = createQueryClient();
  const routerState = readServerData(SSR_ROUTER_ID);
  if (routerState === null) {
    // A page the server did not render (Vite's dev server): the app renders from scratch.
    createRoot(container).render(appElement(queryClient, earlyInput));
    return;
  }
  hydrate(queryClient, datedNow(readServerData(SSR_QUERIES_ID) as DehydratedState));
  await loadMatchedScreens();
  await yieldToBrowser();
  // createBrowserRouter reads the server's router state (loader data, a 404) from here.
  window.__staticRouterHydrationData = routerState;
  earlyInput.snapshot();
  // The page is already on screen: hydrating it as a transition lets React yield to the browser
  // every few milliseconds, so a phone keeps scrolling and painting instead of freezing while a
  // long list hydrates. A tap meanwhile makes React finish hydrating at once, then handle it.
  startTransition(() => {
    hydrateRoot(container, appElement(queryClient, earlyInput));
  });
}
