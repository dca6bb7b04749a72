import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { buildUser, storeSession } from '../testing/fixtures';
import { mockApi } from '../testing/mock-api';
import { buildOrder } from '../testing/order-fixtures';
import { renderApp } from './testing/render-app';

const camila = buildUser({ id: 7 });

/** What '/' asks for, answered empty: the app lands there after a logout on a private page. */
const HOME = {
  'GET /productos': { body: [], headers: { 'X-Total-Count': '0' } },
  'GET /categorias': { body: [] },
};

describe('leaving the session on a private page', () => {
  it('leaves the order for /, drops its data and never asks the server for it again', async () => {
    storeSession(camila);
    const api = mockApi({
      ...HOME,
      'GET /pedidos/NB-000123': { body: buildOrder() },
      'POST /auth/logout': { status: 204 },
    });
    const { router, queryClient } = renderWithClient('/pedido/NB-000123');
    await screen.findByRole('heading', { level: 1, name: 'Pedido NB-000123' }, { timeout: 5000 });
    expect(api.callsTo('GET', '/pedidos/NB-000123')).toHaveLength(1);

    // The site's header is the first banner (the order's own header is another).
    const header = screen.getAllByRole('banner')[0]!;
    await userEvent.click(within(header).getByRole('button', { name: 'Cerrar sesión' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await screen.findByRole('heading', { level: 1, name: 'TIENDA ONLINE' }, { timeout: 5000 });
    await within(header).findByRole('link', { name: 'Iniciar sesión' });
    // The one request for the order is the one made while logged in: none after the logout.
    expect(api.callsTo('GET', '/pedidos/NB-000123')).toHaveLength(1);
    expect(queryClient.getQueriesData({ queryKey: ['pedidos'] })).toEqual([]);
    // The server ends this session with the token the browser just forgot (decision 014).
    await waitFor(() => expect(api.callsTo('POST', '/auth/logout')).toHaveLength(1));
    expect(api.callsTo('POST', '/auth/logout')[0]!.authorization).toBe('Bearer token-de-prueba');
    // Back does not return to the order: it was replaced.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('leaves /cuenta without asking for the account again', async () => {
    storeSession(camila);
    const api = mockApi({
      ...HOME,
      'GET /cuenta': { body: camila },
      'GET /cuenta/sesiones': { body: [] },
      'GET /cuenta/soporte': { body: [], headers: { 'X-Total-Count': '0' } },
      'POST /auth/logout': { status: 204 },
    });
    const { router } = renderWithClient('/cuenta');
    await screen.findByRole('heading', { name: 'Mis datos' }, { timeout: 5000 });
    const before = api.calls.filter((c) => c.path.startsWith('/cuenta')).length;

    await userEvent.click(
      within(screen.getByRole('banner')).getByRole('button', { name: 'Cerrar sesión' }),
    );

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await within(screen.getByRole('banner')).findByRole('link', { name: 'Iniciar sesión' });
    await waitFor(() => expect(api.callsTo('POST', '/auth/logout')).toHaveLength(1));
    expect(api.calls.filter((c) => c.path.startsWith('/cuenta'))).toHaveLength(before);
  });

  it("'Cerrar sesión en todos los dispositivos' in /cuenta ends them on the server, then leaves and forgets this one", async () => {
    storeSession(camila);
    const api = mockApi({
      ...HOME,
      'GET /cuenta': { body: camila },
      'GET /cuenta/sesiones': { body: [] },
      'GET /cuenta/soporte': { body: [], headers: { 'X-Total-Count': '0' } },
      'POST /cuenta/sesiones/cerrar-todas': { status: 204 },
    });
    const { router } = renderWithClient('/cuenta');
    const sessions = within(
      await screen.findByRole('region', { name: 'Sesiones activas' }, { timeout: 5000 }),
    );
    await userEvent.click(
      await sessions.findByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar todas' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await within(screen.getByRole('banner')).findByRole('link', { name: 'Iniciar sesión' });
    expect(localStorage.getItem('nexbyte_token')).toBeNull();
    const ended = api.callsTo('POST', '/cuenta/sesiones/cerrar-todas');
    expect(ended).toHaveLength(1);
    expect(ended[0]!.authorization).toBe('Bearer token-de-prueba');
    // Nothing private is asked for after the end, with or without a token.
    const after = api.calls.slice(api.calls.indexOf(ended[0]!) + 1);
    expect(after.filter((c) => c.path.startsWith('/cuenta'))).toEqual([]);
    expect(api.callsTo('POST', '/auth/logout')).toEqual([]);
  });

  it('on a public page logs out where it is', async () => {
    storeSession(camila);
    const api = mockApi({ ...HOME, 'POST /auth/logout': { status: 204 } });
    const { router } = renderWithClient('/');
    await screen.findByRole('heading', { level: 1, name: 'TIENDA ONLINE' }, { timeout: 5000 });
    await userEvent.click(
      within(screen.getByRole('banner')).getByRole('button', { name: 'Cerrar sesión' }),
    );
    await waitFor(() => expect(api.callsTo('POST', '/auth/logout')).toHaveLength(1));
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.historyAction).toBe('POP');
  });
});

/** The whole app at `url`, with its query cache at hand. */
function renderWithClient(url: string) {
  const queryClient = createQueryClient();
  return { ...renderApp(url, queryClient), queryClient };
}
