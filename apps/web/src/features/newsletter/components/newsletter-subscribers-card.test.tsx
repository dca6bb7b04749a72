import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { buildUser, storeSession } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { NewsletterSubscribersCard } from './newsletter-subscribers-card';

const SUMMARY = { 'GET /newsletter/resumen': { body: { suscriptores: 1 } } };

beforeEach(() => {
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
    const api = mockApi({ 'GET /newsletter/resumen': { body: { suscriptores: 42 } } });
    renderCard();
    expect(await screen.findByText('42')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Suscriptores del newsletter' }),
    ).toBeInTheDocument();
    expect(api.callsTo('GET', '/newsletter/resumen')).toHaveLength(1);
  });

  it('descarga el CSV con el token de la sesión', async () => {
    // jsdom has no object URLs. Left in place: the revoke runs on a timer after the test, and
    // every test file gets its own jsdom.
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const api = mockApi({
      ...SUMMARY,
      'GET /newsletter/suscriptores.csv': {
        raw: 'correo,fecha_suscripcion\r\n',
        headers: { 'Content-Type': 'text/csv' },
      },
    });
    renderCard();

    await userEvent.click(screen.getByRole('button', { name: 'Descargar CSV' }));

    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    const [download] = api.callsTo('GET', '/newsletter/suscriptores.csv');
    expect(download?.authorization).toBe('Bearer token-admin');
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('suscriptores-newsletter.csv');
    expect(link.href).toBe('blob:csv');
  });

  it('si la descarga falla lo dice', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({
      ...SUMMARY,
      'GET /newsletter/suscriptores.csv': { status: 403, body: { message: 'No tienes permiso.' } },
    });
    renderCard();
    await userEvent.click(screen.getByRole('button', { name: 'Descargar CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No se pudo descargar la lista de suscriptores.',
    );
    expect(warn).toHaveBeenCalled();
  });
});
