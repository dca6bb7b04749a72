import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { buildUser, storeSession } from '../../../testing/fixtures';
import { NewsletterSubscribersCard } from './newsletter-subscribers-card';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  storeSession(buildUser({ role: 'ADMIN' }), 'token-admin');
});
afterEach(() => vi.unstubAllGlobals());

function renderCard() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <NewsletterSubscribersCard />
    </QueryClientProvider>,
  );
}

describe('NewsletterSubscribersCard', () => {
  it('muestra cuántos suscriptores activos hay', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ suscriptores: 42 }), {
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    renderCard();
    expect(await screen.findByText('42')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Suscriptores del newsletter' }),
    ).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/newsletter/resumen');
  });

  it('descarga el CSV con el token de la sesión', async () => {
    // jsdom has no object URLs. Left in place: the revoke runs on a timer after the test, and
    // every test file gets its own jsdom.
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith('.csv')
        ? new Response('correo,fecha_suscripcion\r\n', { headers: { 'Content-Type': 'text/csv' } })
        : new Response(JSON.stringify({ suscriptores: 1 }), {
            headers: { 'Content-Type': 'application/json' },
          }),
    );
    renderCard();

    await userEvent.click(screen.getByRole('button', { name: 'Descargar CSV' }));

    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls.find(([input]) => String(input).endsWith('.csv'))!;
    expect(url).toBe('/api/newsletter/suscriptores.csv');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token-admin');
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('suscriptores-newsletter.csv');
    expect(link.href).toBe('blob:csv');
  });

  it('si la descarga falla lo dice', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith('.csv')
        ? new Response(JSON.stringify({ message: 'No tienes permiso.' }), { status: 403 })
        : new Response(JSON.stringify({ suscriptores: 1 }), {
            headers: { 'Content-Type': 'application/json' },
          }),
    );
    renderCard();
    await userEvent.click(screen.getByRole('button', { name: 'Descargar CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No se pudo descargar la lista de suscriptores.',
    );
    expect(warn).toHaveBeenCalled();
  });
});
