import type { CotizacionTicket, TicketPublico } from '@nexbyte/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { TicketTracking } from './ticket-tracking';

const TOKEN = 'tok-123';
const PATH = '/soporte/seguimiento';

function quote(overrides: Partial<CotizacionTicket> = {}): CotizacionTicket {
  return {
    id: 5,
    diagnostico: 'La fuente de poder está quemada.',
    lineas: [
      {
        tipo: 'SERVICIO',
        servicio: 'Diagnóstico',
        productoId: null,
        descripcion: 'Diagnóstico',
        cantidad: 1,
        precioUnitario: 15000,
        subtotal: 15000,
      },
      {
        tipo: 'REPUESTO',
        servicio: null,
        productoId: 12,
        descripcion: 'Fuente 650W 80 Plus Bronze',
        cantidad: 1,
        precioUnitario: 54990,
        subtotal: 54990,
      },
    ],
    total: 69990,
    iva: 11175,
    validaHasta: '2026-12-02',
    estado: 'PENDIENTE',
    vencida: false,
    fechaCreacion: '2026-11-25T14:00:00.000Z',
    fechaRespuesta: null,
    motivoRechazo: null,
    ...overrides,
  };
}

function ticket(overrides: Partial<TicketPublico> = {}): TicketPublico {
  return {
    numero: 'ST-000042',
    tipo: 'REPARACION',
    estado: 'COTIZADA',
    equipo: 'PC_ESCRITORIO',
    nombre: 'Camila',
    serviciosRequeridos: ['Diagnóstico'],
    fechaCreacion: '2026-11-24T13:00:00.000Z',
    historial: [
      { estado: 'RECIBIDA', fecha: '2026-11-24T13:00:00.000Z', nota: null },
      {
        estado: 'EN_DIAGNOSTICO',
        fecha: '2026-11-24T15:00:00.000Z',
        nota: 'Ya estamos revisando tu equipo.',
      },
      { estado: 'COTIZADA', fecha: '2026-11-25T14:00:00.000Z', nota: null },
    ],
    cotizacion: quote(),
    ...overrides,
  };
}

afterEach(() => vi.unstubAllGlobals());

function renderTracking() {
  return renderWithProviders(<TicketTracking source={{ kind: 'token', token: TOKEN }} />);
}

describe('seguimiento de una solicitud', () => {
  it('muestra los pasos con el actual marcado, el historial con sus notas y la cotización', async () => {
    mockApi({ [`GET ${PATH}`]: { body: ticket() } });
    renderTracking();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Solicitud ST-000042' }),
    ).toBeVisible();
    const steps = within(screen.getByRole('region', { name: 'Estado' })).getAllByRole('listitem');
    // The marker before each name (✓ or its number) is hidden from screen readers.
    expect(steps.map((step) => step.textContent)).toEqual([
      '✓Recibida (completado)',
      '✓En diagnóstico (completado)',
      '3Cotizada',
      '4Aprobada',
      '5En reparación',
      '6Lista para retiro',
      '7Entregada',
    ]);
    expect(steps[2]).toHaveAttribute('aria-current', 'step');
    expect(steps.filter((step) => step.hasAttribute('aria-current'))).toHaveLength(1);

    const history = within(screen.getByRole('region', { name: 'Historial' }));
    expect(history.getByText('Ya estamos revisando tu equipo.')).toBeInTheDocument();
    expect(history.getAllByRole('listitem')[1]).toHaveTextContent('24-11-2026');

    const quoteSection = within(screen.getByRole('region', { name: 'Cotización' }));
    expect(quoteSection.getByText('La fuente de poder está quemada.')).toBeInTheDocument();
    expect(quoteSection.getByRole('rowheader', { name: /Fuente 650W/ })).toBeInTheDocument();
    expect(quoteSection.getByText('Total').nextElementSibling).toHaveTextContent('$69.990');
    expect(quoteSection.getByText('IVA incluido').nextElementSibling).toHaveTextContent('$11.175');
    expect(quoteSection.getByText('Válida hasta').nextElementSibling).toHaveTextContent(
      '02-12-2026',
    );
  });

  it('una solicitud cancelada se dice tal cual, sin pasos', async () => {
    mockApi({ [`GET ${PATH}`]: { body: ticket({ estado: 'CANCELADA', cotizacion: null }) } });
    renderTracking();
    const estado = within(await screen.findByRole('region', { name: 'Estado' }));
    expect(estado.getByText(/Tu solicitud está/)).toHaveTextContent('Tu solicitud está cancelada.');
    expect(estado.queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('desactiva los botones mientras se acepta y un segundo clic no envía nada', async () => {
    let release: (() => void) | undefined;
    const api = mockApi({
      [`GET ${PATH}`]: { body: ticket() },
      [`POST ${PATH}/cotizacion`]: () =>
        new Promise((resolve) => {
          release = () =>
            resolve({
              body: {
                message:
                  'Cotización aceptada. Comenzaremos la reparación y te avisaremos por correo.',
                ticket: ticket({
                  estado: 'APROBADA',
                  cotizacion: quote({
                    estado: 'ACEPTADA',
                    fechaRespuesta: '2026-11-25T16:00:00.000Z',
                  }),
                }),
              },
            });
        }),
    });
    const user = userEvent.setup();
    renderTracking();
    const accept = await screen.findByRole('button', { name: 'Aceptar cotización' });

    await user.click(accept);

    const sending = await screen.findByRole('button', { name: 'Enviando…' });
    expect(sending).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Rechazar' })).toBeDisabled();
    await user.click(sending);
    expect(api.callsTo('POST', `${PATH}/cotizacion`)).toHaveLength(1);
    expect(api.callsTo('POST', `${PATH}/cotizacion`)[0]?.body).toEqual({
      decision: 'ACEPTAR',
      motivo: null,
    });

    release?.();
    expect(
      await screen.findByText(
        'Cotización aceptada. Comenzaremos la reparación y te avisaremos por correo.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Aceptaste esta cotización el 25-11-2026.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Aceptar cotización' })).not.toBeInTheDocument();
    const estado = within(screen.getByRole('region', { name: 'Estado' }));
    expect(estado.getByText('Aprobada').closest('li')).toHaveAttribute('aria-current', 'step');
  });

  it('una cotización vencida muestra su estado y no deja aceptarla', async () => {
    mockApi({ [`GET ${PATH}`]: { body: ticket({ cotizacion: quote({ vencida: true }) }) } });
    renderTracking();
    expect(
      await screen.findByText(
        'Esta cotización venció el 02-12-2026. Escríbenos y te enviamos una nueva.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Aceptar cotización' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rechazar' })).not.toBeInTheDocument();
  });

  it('una solicitud cancelada muestra su última cotización sin dejar responderla', async () => {
    mockApi({ [`GET ${PATH}`]: { body: ticket({ estado: 'CANCELADA' }) } });
    renderTracking();
    expect(await screen.findByText('Esta cotización ya no está vigente.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Aceptar cotización' })).not.toBeInTheDocument();
  });

  it('rechazar abre un diálogo con el motivo opcional y lo envía', async () => {
    const api = mockApi({
      [`GET ${PATH}`]: { body: ticket() },
      [`POST ${PATH}/cotizacion`]: {
        body: {
          message: 'Cotización rechazada. Te avisaremos cuando tu equipo esté listo para retiro.',
          ticket: ticket({
            estado: 'RECHAZADA',
            cotizacion: quote({ estado: 'RECHAZADA', motivoRechazo: 'Muy caro' }),
          }),
        },
      },
    });
    const user = userEvent.setup();
    renderTracking();
    await user.click(await screen.findByRole('button', { name: 'Rechazar' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Rechazar la cotización' }));
    await user.type(dialog.getByLabelText(/Motivo/), 'Muy caro');
    await user.click(dialog.getByRole('button', { name: 'Rechazar cotización' }));

    expect(
      await screen.findByText(
        'Cotización rechazada. Te avisaremos cuando tu equipo esté listo para retiro.',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', `${PATH}/cotizacion`)[0]?.body).toEqual({
      decision: 'RECHAZAR',
      motivo: 'Muy caro',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('muestra en una alerta el 409 del servidor y vuelve a leer la solicitud', async () => {
    const api = mockApi({
      [`GET ${PATH}`]: { body: ticket() },
      [`POST ${PATH}/cotizacion`]: {
        status: 409,
        body: { message: 'Esta cotización ya venció. Escríbenos y te enviamos una nueva.' },
      },
    });
    const user = userEvent.setup();
    renderTracking();
    await user.click(await screen.findByRole('button', { name: 'Aceptar cotización' }));

    const quoteSection = within(screen.getByRole('region', { name: 'Cotización' }));
    expect(await quoteSection.findByRole('alert')).toHaveTextContent(
      'Esta cotización ya venció. Escríbenos y te enviamos una nueva.',
    );
    await waitFor(() => expect(api.callsTo('GET', PATH)).toHaveLength(2));
  });

  it('un enlace desconocido dice que no se encontró la solicitud', async () => {
    mockApi({
      [`GET ${PATH}`]: {
        status: 404,
        body: { message: 'No encontramos esa solicitud. Revisa el enlace del correo.' },
      },
    });
    renderTracking();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Solicitud no encontrada' }),
    ).toBeVisible();
    expect(
      screen.getByText('No encontramos esa solicitud. Revisa el enlace del correo.'),
    ).toBeInTheDocument();
  });

  it('un error de carga ofrece Reintentar, que vuelve a pedirla', async () => {
    let fail = true;
    mockApi({
      [`GET ${PATH}`]: () =>
        fail ? { status: 500, body: { message: 'Error interno.' } } : { body: ticket() },
    });
    const user = userEvent.setup();
    renderTracking();
    expect(
      await screen.findByText('No se pudo cargar tu solicitud.', {}, { timeout: 10000 }),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Solicitud ST-000042' }),
    ).toBeVisible();
  });
});
