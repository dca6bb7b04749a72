import { TICKET_ACCESS_HEADER } from '@nexbyte/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser, storeSession } from '../../testing/fixtures';
import { mockApi } from '../../testing/mock-api';
import { renderApp } from '../testing/render-app';

afterEach(() => vi.unstubAllGlobals());

const TICKET = {
  numero: 'ST-000042',
  tipo: 'GARANTIA',
  estado: 'EN_FABRICANTE',
  equipo: 'NOTEBOOK',
  nombre: 'Camila',
  serviciosRequeridos: [],
  fechaCreacion: '2026-11-20T13:00:00.000Z',
  historial: [{ estado: 'RECIBIDA', fecha: '2026-11-20T13:00:00.000Z', nota: null }],
  cotizacion: null,
};

describe('seguimiento de solicitudes de soporte', () => {
  it('el enlace privado lee la solicitud por el token del fragmento, fuera de los buscadores', async () => {
    const api = mockApi({
      'GET /config': { body: {} },
      'GET /soporte/seguimiento': { body: TICKET },
    });
    renderApp('/soporte/seguimiento#tok-abc');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Solicitud ST-000042' }),
    ).toBeVisible();
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    expect(screen.getByText('Garantía')).toBeInTheDocument();
    // A warranty goes through its own states.
    const steps = within(screen.getByRole('region', { name: 'Estado' }));
    expect(steps.getAllByRole('listitem').map((step) => step.textContent)).toEqual([
      '✓Recibida (completado)',
      '✓En diagnóstico (completado)',
      '3En fabricante',
      '4Resuelto',
    ]);
    expect(steps.getByText('En fabricante').closest('li')).toHaveAttribute('aria-current', 'step');
    // The token goes in a header, never in the address the server (and its log) sees.
    const [call] = api.callsTo('GET', '/soporte/seguimiento');
    expect(call?.headers.get(TICKET_ACCESS_HEADER)).toBe('tok-abc');
    expect(call?.path).toBe('/soporte/seguimiento');
    expect(call?.query.toString()).toBe('');
    expect(call?.authorization).toBeNull();
  });

  it('un enlace antiguo, con el token en la ruta, pasa a la forma con fragmento', async () => {
    const api = mockApi({
      'GET /config': { body: {} },
      'GET /soporte/seguimiento': { body: TICKET },
    });
    const { router } = renderApp('/soporte/seguimiento/tok-viejo');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Solicitud ST-000042' }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/soporte/seguimiento');
    expect(router.state.location.hash).toBe('#tok-viejo');
    expect(api.callsTo('GET', '/soporte/seguimiento')[0]?.headers.get(TICKET_ACCESS_HEADER)).toBe(
      'tok-viejo',
    );
  });

  it('desde la cuenta, /cuenta/soporte/{numero} muestra la misma vista con la sesión', async () => {
    const api = mockApi({
      'GET /config': { body: {} },
      'GET /cuenta/soporte/ST-000042': { body: TICKET },
    });
    storeSession(buildUser());
    renderApp('/cuenta/soporte/st-42');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Solicitud ST-000042' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: /Volver a mi cuenta/ })).toHaveAttribute(
      'href',
      '/cuenta',
    );
    expect(api.callsTo('GET', '/cuenta/soporte/ST-000042')[0]?.authorization).toBe(
      'Bearer token-de-prueba',
    );
  });

  it('sin sesión, /cuenta/soporte/{numero} lleva a iniciar sesión', async () => {
    mockApi({ 'GET /config': { body: {} } });
    const { router } = renderApp('/cuenta/soporte/ST-000042');
    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    expect(router.state.location.search).toBe('?next=%2Fcuenta%2Fsoporte%2FST-000042');
  });
});
