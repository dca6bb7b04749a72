import { CORREO_MESSAGES, formatDateTime, type CorreoEnvio } from '@nexbyte/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser, storeSession } from '../../../testing/fixtures';
import { findHeading, mockApi, pagedReply } from '../../../testing/admin-api';
import { renderApp, renderAsAdmin } from '../../testing/render-app';

const correo = (overrides: Partial<CorreoEnvio>): CorreoEnvio => ({
  id: 1,
  tipo: 'pedido NB-000123 (creado)',
  para: 'ana.perez@gmail.com',
  asunto: 'Recibimos tu pedido NB-000123',
  estado: 'enviado',
  intentos: 1,
  ultimoError: null,
  creadoAt: '2026-03-05T18:07:00.000Z',
  enviadoAt: '2026-03-05T18:07:02.000Z',
  proximoIntentoAt: null,
  ...overrides,
});

const FALLIDO = correo({
  id: 7,
  tipo: 'recuperación de contraseña',
  para: 'nadie@gmail.com',
  asunto: 'Recupera tu contraseña',
  estado: 'fallido',
  intentos: 1,
  ultimoError: '550 5.1.1 <nadie@gmail.com>: no existe',
  creadoAt: '2026-03-06T10:00:00.000Z',
  enviadoAt: null,
});
const EN_ESPERA = correo({
  id: 6,
  tipo: 'mensaje de contacto',
  para: null,
  asunto: null,
  estado: 'pendiente',
  intentos: 0,
  enviadoAt: null,
  proximoIntentoAt: '2026-03-06T09:00:30.000Z',
});
const ENVIADO = correo({ id: 5 });

async function openScreen(
  url = '/admin/correos',
  mails: CorreoEnvio[] = [FALLIDO, EN_ESPERA, ENVIADO],
) {
  const api = mockApi({ 'GET /correos': pagedReply(mails) });
  renderAsAdmin(url);
  await findHeading('Correos');
  return api;
}

describe('pantalla Correos de la administración', () => {
  it('lista los correos en el orden de la API con destinatario, asunto, tipo, estado, intentos, error y fecha', async () => {
    const { callsTo } = await openScreen();
    const table = await screen.findByRole('table', { name: /Correos de la tienda/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Para', 'Asunto', 'Tipo', 'Estado', 'Intentos', 'Último error', 'Fecha']);
    const [, failed, waiting, sent] = within(table).getAllByRole('row');
    expect(failed).toHaveTextContent('nadie@gmail.com');
    expect(within(failed!).getByRole('rowheader')).toHaveTextContent('nadie@gmail.com');
    expect(within(failed!).getByText('Fallido')).toHaveClass('badge', 'badge--danger');
    expect(within(failed!).getByText('550 5.1.1 <nadie@gmail.com>: no existe')).toBeVisible();
    expect(
      within(failed!).getByText(formatDateTime(FALLIDO.creadoAt)).closest('time'),
    ).toHaveAttribute('dateTime', FALLIDO.creadoAt);
    // Not composed yet: recipient and subject are written by its first attempt.
    expect(within(waiting!).getAllByText('Se completa al enviarlo')).toHaveLength(2);
    expect(within(waiting!).getByText('En espera')).toHaveClass('badge--warning');
    expect(within(waiting!).getByText(/^Próximo intento:/)).toBeVisible();
    expect(within(sent!).getByText('Enviado')).toHaveClass('badge--success');
    expect(screen.getByText('3 correos')).toBeInTheDocument();
    expect(Object.fromEntries(callsTo('GET', '/correos')[0]!.query)).toEqual({
      pagina: '1',
      limite: '50',
    });
  });

  it('ofrece Reintentar solo en los correos fallidos', async () => {
    await openScreen();
    await screen.findByRole('table', { name: /Correos de la tienda/ });
    const buttons = screen.getAllByRole('button', { name: /^Reintentar/ });
    expect(buttons).toHaveLength(1);
    expect(buttons[0]).toHaveAccessibleName('Reintentar el correo 7: recuperación de contraseña');
  });

  it('filtra por estado en el servidor y guarda el filtro en la dirección, desde la primera página', async () => {
    const many = Array.from({ length: 60 }, (_, i) => correo({ id: 100 - i }));
    const api = mockApi({ 'GET /correos': pagedReply(many) });
    const { router } = renderAsAdmin('/admin/correos?pagina=2');
    await findHeading('Correos');
    await screen.findByRole('table', { name: /Correos de la tienda/ });
    expect(screen.getByRole('navigation', { name: 'Páginas de correos' })).toHaveTextContent(
      'Página 2 de 2',
    );
    const select = screen.getByRole('combobox', { name: 'Estado' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Todos', 'En espera', 'Enviados', 'Fallidos']);

    await userEvent.setup().selectOptions(select, 'Fallidos');
    await waitFor(() => expect(router.state.location.search).toBe('?estado=fallido'));
    await waitFor(() =>
      expect(Object.fromEntries(api.callsTo('GET', '/correos').at(-1)!.query)).toEqual({
        pagina: '1',
        limite: '50',
        estado: 'fallido',
      }),
    );
  });

  it("sin correos en el estado elegido dice 'No hay correos en este estado.'", async () => {
    await openScreen('/admin/correos?estado=fallido', []);
    expect(await screen.findByText('No hay correos en este estado.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Estado' })).toHaveValue('fallido');
  });

  it("si no cargan dice 'No se pudieron cargar los correos.' y deja reintentar", async () => {
    let fail = true;
    mockApi({
      'GET /correos': () =>
        fail ? { status: 404, body: { message: 'No encontrado.' } } : { body: [] },
    });
    renderAsAdmin('/admin/correos');
    expect(await screen.findByText('No se pudieron cargar los correos.')).toHaveAttribute(
      'role',
      'alert',
    );
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('No hay correos en este estado.')).toBeInTheDocument();
  });

  it('Reintentar vuelve a encolar el correo, avisa con el mensaje de la API y recarga la lista', async () => {
    let mails = [FALLIDO, ENVIADO];
    const api = mockApi({
      'GET /correos': (_body, call) => pagedReply(mails)(undefined, call),
      'POST /correos/:id/reintentar': () => {
        mails = [{ ...FALLIDO, estado: 'pendiente', proximoIntentoAt: null }, ENVIADO];
        return { status: 202, body: { message: CORREO_MESSAGES.retried } };
      },
    });
    renderAsAdmin('/admin/correos');
    await findHeading('Correos');
    const button = await screen.findByRole('button', { name: /^Reintentar el correo 7/ });
    await userEvent.setup().click(button);

    const notifications = screen.getByRole('region', { name: 'Notificaciones' });
    const polite = within(notifications).getByRole('status');
    expect(polite).toHaveAttribute('aria-live', 'polite');
    expect(await within(polite).findByText(CORREO_MESSAGES.retried)).toBeVisible();
    expect(api.callsTo('POST', '/correos/7/reintentar')).toHaveLength(1);
    expect(api.callsTo('POST', '/correos/7/reintentar')[0]!.authorization).toMatch(/^Bearer /);
    const row = await screen.findByRole('row', { name: /nadie@gmail\.com/ });
    expect(await within(row).findByText('En espera')).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Reintentar el correo/ })).toBeNull();
  });

  it('si el correo ya no está fallido muestra el 409 de la API como error y recarga la lista', async () => {
    let mails = [FALLIDO];
    const api = mockApi({
      'GET /correos': (_body, call) => pagedReply(mails)(undefined, call),
      'POST /correos/:id/reintentar': () => {
        mails = [{ ...FALLIDO, estado: 'enviado', enviadoAt: '2026-03-06T10:01:00.000Z' }];
        return { status: 409, body: { message: CORREO_MESSAGES.notFailed } };
      },
    });
    renderAsAdmin('/admin/correos');
    await findHeading('Correos');
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: /^Reintentar el correo 7/ }));

    const notifications = screen.getByRole('region', { name: 'Notificaciones' });
    expect(
      await within(within(notifications).getByRole('alert')).findByText(CORREO_MESSAGES.notFailed),
    ).toBeVisible();
    expect(await screen.findByText('Enviado')).toHaveClass('badge--success');
    expect(api.callsTo('GET', '/correos').length).toBeGreaterThanOrEqual(2);
  });

  it('a un VENDOR le dice que no tiene permiso, sin pedir nada a la API', async () => {
    const { fetchMock } = mockApi({});
    storeSession(buildUser({ id: 9, role: 'VENDOR', correo: 'vendedora@gmail.com' }));
    renderApp('/admin/correos');
    expect(await findHeading('No tienes permiso')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Correos' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
