import type { TicketResumen } from '@nexbyte/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../../testing/mock-api';
import { renderWithProviders } from '../../../../testing/render-with-providers';
import { SupportDesk } from './support-desk';

afterEach(() => vi.unstubAllGlobals());

function ticket(overrides: Partial<TicketResumen> = {}): TicketResumen {
  return {
    id: 42,
    nombreCliente: 'Camila Rojas',
    emailCliente: 'camila@gmail.com',
    telefonoCliente: '9 1234 5678',
    region: 'Biobío',
    comuna: 'Concepción',
    direccion: null,
    equipo: 'NOTEBOOK',
    prioridad: 'ALTA',
    serviciosRequeridos: ['Diagnóstico'],
    descripcionProblema: 'Se apaga solo.',
    fechaCreacion: '2026-11-20T13:00:00.000Z',
    numero: 'ST-000042',
    tipo: 'REPARACION',
    estado: 'RECIBIDA',
    comprobante: null,
    fechaCompra: null,
    fechaActualizacion: '2026-11-20T13:00:00.000Z',
    atrasado: true,
    ...overrides,
  } as TicketResumen;
}

const SUMMARY = {
  total: 3,
  atrasados: 1,
  porEstado: { RECIBIDA: 2, COTIZADA: 1 },
};

describe('mesón de soporte', () => {
  it('lista las solicitudes con su estado, prioridad y la marca de atrasada, cada una a su página', async () => {
    mockApi({
      'GET /soporte': { body: [ticket()], headers: { 'X-Total-Count': '1' } },
      'GET /soporte/resumen': { body: SUMMARY },
    });
    renderWithProviders(<SupportDesk />, '/admin/soporte');
    const link = await screen.findByRole('link', { name: 'ST-000042' });
    expect(link).toHaveAttribute('href', '/admin/soporte/42');
    const item = link.closest('li')!;
    expect(item).toHaveTextContent('Camila Rojas');
    expect(item).toHaveTextContent('Notebook');
    expect(within(item).getByText('ALTA')).toHaveClass('badge--warning');
    expect(within(item).getByText('Recibida')).toBeInTheDocument();
    expect(within(item).getByText('Atrasada')).toHaveClass('badge--danger');
  });

  it('cada cifra por estado filtra, y los filtros quedan en la dirección y van a la API', async () => {
    const api = mockApi({
      'GET /soporte': { body: [ticket()], headers: { 'X-Total-Count': '1' } },
      'GET /soporte/resumen': { body: SUMMARY },
    });
    const user = userEvent.setup();
    const { router } = renderWithProviders(<SupportDesk />, '/admin/soporte?prioridad=ALTA');
    const counts = within(await screen.findByRole('list', { name: 'Solicitudes por estado' }));

    await user.click(counts.getByRole('button', { name: /Cotizada/ }));
    expect(counts.getByRole('button', { name: /Cotizada/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(router.state.location.search).toBe('?prioridad=ALTA&estado=COTIZADA');
    await waitFor(() => expect(api.calls.at(-1)?.query.get('estado')).toBe('COTIZADA'));
    expect(api.calls.at(-1)?.query.get('prioridad')).toBe('ALTA');

    await user.click(counts.getByRole('button', { name: /Atrasadas/ }));
    expect(new URLSearchParams(router.state.location.search).get('atrasado')).toBe('true');
    await waitFor(() => expect(api.calls.at(-1)?.query.get('atrasado')).toBe('true'));

    await user.click(counts.getByRole('button', { name: /Todas/ }));
    expect(router.state.location.search).toBe('?prioridad=ALTA');
  });

  it('Vista tabla muestra la tabla de solicitudes de la especificación', async () => {
    mockApi({
      'GET /soporte': { body: [ticket()], headers: { 'X-Total-Count': '1' } },
      'GET /soporte/resumen': { body: SUMMARY },
    });
    const user = userEvent.setup();
    renderWithProviders(<SupportDesk />, '/admin/soporte');
    await screen.findByRole('link', { name: 'ST-000042' });
    await user.click(screen.getByRole('button', { name: 'Vista tabla' }));
    const table = await screen.findByRole('table', {
      name: 'Solicitudes de soporte, de la más reciente a la más antigua',
    });
    expect(within(table).getByRole('row', { name: /Camila Rojas/ })).toHaveTextContent(
      'Se apaga solo.',
    );
    expect(screen.getByRole('button', { name: 'Vista tabla' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('un error de carga muestra el texto de la especificación', async () => {
    mockApi({
      'GET /soporte': { status: 403, body: { message: 'No autorizado.' } },
      'GET /soporte/resumen': { body: SUMMARY },
    });
    renderWithProviders(<SupportDesk />, '/admin/soporte');
    expect(
      await screen.findByText('No se pudieron cargar las solicitudes de soporte.'),
    ).toBeInTheDocument();
  });
});
