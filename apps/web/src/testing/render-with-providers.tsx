// Renders a feature on its own, for the feature's tests: the providers the app gives every screen
// (a fresh query client, the toasts) and a memory router over the routes the test names. The whole
// app, with its route table, is rendered only by app/'s tests (app/testing/render-app).
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { ToastProvider } from '../components/ui/toast';
import { createQueryClient } from '../lib/query-client';

/** `screen` alone at any address, or the given routes, opened at `url`. */
export function renderWithProviders(screen: ReactElement | RouteObject[], url = '/') {
  const routes = Array.isArray(screen) ? screen : [{ path: '*', element: screen }];
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { ...view, router };
}
