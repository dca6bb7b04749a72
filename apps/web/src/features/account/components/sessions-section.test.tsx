import type { Sesion } from '@nexbyte/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { END_ALL_FAILED, LOAD_SESSIONS_ERROR, SessionsSection } from './sessions-section';

const THIS_ONE: Sesion = {
  id: '0b5c2a52-9f0e-4a38-9a3b-2f4f6d1e0a01',
  dispositivo: 'Chrome en Windows',
  iniciadaEn: '2026-11-27T12:00:00.000Z',
  usadaEn: '2026-11-27T13:30:00.000Z',
  actual: true,
};
const PHONE: Sesion = {
  id: '7d1e4c3b-2a19-4f5e-8c6d-0e9f8a7b6c02',
  dispositivo: 'Safari en iOS',
  iniciadaEn: '2026-11-26T21:15:00.000Z',
  usadaEn: '2026-11-27T09:05:00.000Z',
  actual: false,
};

function renderSection(onAllEnded = vi.fn()) {
  renderWithProviders(
    <section aria-labelledby="s">
      <h2 id="s">Sesiones activas</h2>
      <SessionsSection userId={7} onAllEnded={onAllEnded} />
    </section>,
  );
  return { onAllEnded, region: within(screen.getByRole('region', { name: 'Sesiones activas' })) };
}

describe('Sesiones activas', () => {
  it('lists each device with its start and last use, marks this one and offers Cerrar for the others', async () => {
    mockApi({ 'GET /cuenta/sesiones': { body: [THIS_ONE, PHONE] } });
    const { region } = renderSection();
    expect(region.getByRole('status')).toHaveTextContent('Cargando tus sesiones…');

    const items = await region.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Chrome en Windows');
    expect(items[0]).toHaveTextContent('Esta sesión');
    expect(items[0]).toHaveTextContent('Iniciada el 27-11-2026, 09:00');
    expect(items[0]).toHaveTextContent('Último uso el 27-11-2026, 10:30');
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    expect(items[1]).toHaveTextContent('Safari en iOS');
    expect(items[1]).not.toHaveTextContent('Esta sesión');
    expect(
      within(items[1]!).getByRole('button', {
        name: 'Cerrar la sesión de Safari en iOS, iniciada el 26-11-2026, 18:15',
      }),
    ).toHaveTextContent('Cerrar');
  });

  it('Cerrar ends that session on the server and reads the list again', async () => {
    let sessions = [THIS_ONE, PHONE];
    const api = mockApi({
      'GET /cuenta/sesiones': () => ({ body: sessions }),
      [`DELETE /cuenta/sesiones/${PHONE.id}`]: () => {
        sessions = [THIS_ONE];
        return { status: 204 };
      },
    });
    const { region } = renderSection();
    await userEvent.click(await region.findByRole('button', { name: /Safari en iOS/ }));

    await waitFor(() => expect(region.getAllByRole('listitem')).toHaveLength(1));
    expect(api.callsTo('DELETE', `/cuenta/sesiones/${PHONE.id}`)).toHaveLength(1);
    expect(region.getByText('No tienes sesiones abiertas en otros dispositivos.')).toBeVisible();
    expect(await screen.findByText('Sesión de Safari en iOS cerrada.')).toBeInTheDocument();
  });

  it('a session that had already ended (404) just leaves the list', async () => {
    let sessions = [THIS_ONE, PHONE];
    mockApi({
      'GET /cuenta/sesiones': () => ({ body: sessions }),
      [`DELETE /cuenta/sesiones/${PHONE.id}`]: () => {
        sessions = [THIS_ONE];
        return { status: 404, body: { message: 'Esa sesión ya no está abierta.' } };
      },
    });
    const { region } = renderSection();
    await userEvent.click(await region.findByRole('button', { name: /Safari en iOS/ }));
    await waitFor(() => expect(region.getAllByRole('listitem')).toHaveLength(1));
    expect(region.queryByRole('alert')).toBeNull();
  });

  it('Cerrar sesión en todos los dispositivos asks first, ends them all on the server, then hands over', async () => {
    const api = mockApi({
      'GET /cuenta/sesiones': { body: [THIS_ONE, PHONE] },
      'POST /cuenta/sesiones/cerrar-todas': { status: 204 },
    });
    const { region, onAllEnded } = renderSection();
    await userEvent.click(
      await region.findByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }),
    );
    const dialog = screen.getByRole('alertdialog', {
      name: '¿Cerrar sesión en todos los dispositivos?',
    });
    expect(api.callsTo('POST', '/cuenta/sesiones/cerrar-todas')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar todas' }));
    await waitFor(() => expect(onAllEnded).toHaveBeenCalledTimes(1));
    expect(api.callsTo('POST', '/cuenta/sesiones/cerrar-todas')).toHaveLength(1);
  });

  it('when ending them all fails, says so and keeps the session here', async () => {
    mockApi({
      'GET /cuenta/sesiones': { body: [THIS_ONE] },
      'POST /cuenta/sesiones/cerrar-todas': { status: 500, body: { message: 'Error interno.' } },
    });
    const { region, onAllEnded } = renderSection();
    await userEvent.click(
      await region.findByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar todas' }));
    expect(await region.findByRole('alert')).toHaveTextContent(END_ALL_FAILED);
    expect(onAllEnded).not.toHaveBeenCalled();
  });

  it('a failed load says so and offers Reintentar', async () => {
    let fail = true;
    mockApi({
      'GET /cuenta/sesiones': () =>
        fail ? { status: 500, body: { message: 'Error interno.' } } : { body: [THIS_ONE] },
    });
    const { region } = renderSection();
    expect(await region.findByRole('alert')).toHaveTextContent(LOAD_SESSIONS_ERROR);
    fail = false;
    await userEvent.click(region.getByRole('button', { name: 'Reintentar' }));
    expect(await region.findByText('Chrome en Windows')).toBeInTheDocument();
  });
});
