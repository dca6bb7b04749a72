// Renders the whole app, for the tests in app/ of what its routes put together. A feature's tests
// render the feature with testing/render-with-providers instead.
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../../lib/query-client';
import { ADMIN_USER, storeSession } from '../../testing/fixtures';
import { AppProviders } from '../providers';
import { routes } from '../router';

/**
 * Renders the whole app, with its real route table, at the given address; with a query client
 * already holding data, as a page the server rendered starts.
 */
export function renderApp(url = '/', queryClient = createQueryClient()) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router };
}

/** Opens the app at an admin address with a stored ADMIN session. */
export function renderAsAdmin(url: string) {
  storeSession(ADMIN_USER);
  return renderApp(url);
}
