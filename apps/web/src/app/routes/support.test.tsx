import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../testing/render-app';
import { mockApi, NETWORK_ERROR, NEVER, type MockHandler } from '../../testing/mock-api';

let api: ReturnType<typeof mockApi>;
/** The API answers POST /soporte with `reply`; any other call fails the test. */
const answerSubmit = (reply: MockHandler) => {
  api = mockApi({ 'POST /soporte': reply });
};
const sentBody = () => api.callsTo('POST', '/soporte')[0]?.body;

beforeEach(() => {
  api = mockApi({});
});
afterEach(() => vi.unstubAllGlobals());

const CREATED = {
  message: 'Solicitud enviada.',
  numero: 'ST-000042',
  tipo: 'REPARACION',
  estado: 'RECIBIDA',
  seguimientoUrl: 'http://localhost:3000/soporte/seguimiento#abc123-token',
};

async function renderSoporte(url = '/soporte') {
  renderApp(url);
  await screen.findByRole('heading', { level: 1, name: 'Soporte técnico' }, { timeout: 5000 });
  return within(screen.getByRole('main'));
}

type Main = Awaited<ReturnType<typeof renderSoporte>>;

async function fillRequiredFields(user: UserEvent, main: Main) {
  await user.type(main.getByLabelText('Nombre'), 'Camila Rojas');
  await user.type(main.getByLabelText('Correo'), 'camila@gmail.com');
  await user.selectOptions(main.getByLabelText('Equipo'), 'PC de escritorio');
  await user.selectOptions(main.getByLabelText('Región'), 'Metropolitana de Santiago');
  await user.selectOptions(main.getByLabelText('Comuna'), 'Ñuñoa');
  await user.click(main.getByRole('checkbox', { name: 'Diagnóstico' }));
  await user.click(main.getByRole('checkbox', { name: 'Respaldo de datos' }));
  await user.type(main.getByLabelText('Descripción del problema'), 'El PC no enciende.');
}

async function findToast() {
  const region = screen.getByRole('region', { name: 'Notificaciones' });
  return within(await within(region).findByTestId('toast'));
}

describe('Soporte', () => {
  it('al enviar vacío muestra el mensaje de cada campo y enfoca el primero', async () => {
    const user = userEvent.setup();
    const main = await renderSoporte();

    await user.click(main.getByRole('button', { name: 'Enviar solicitud' }));

    for (const message of [
      'Tu nombre es requerido.',
      'Correo inválido.',
      'Selecciona región.',
      'Selecciona comuna.',
      'Selecciona el equipo.',
      'Elige al menos un servicio.',
      'Cuéntanos más (≥10 caracteres).',
    ]) {
      expect(await main.findByText(message)).toBeInTheDocument();
    }
    expect(main.getByLabelText('Nombre')).toHaveFocus();
    expect(main.getByRole('group', { name: 'Servicios requeridos' })).toHaveAccessibleDescription(
      'Elige al menos un servicio.',
    );
    expect(api.calls).toEqual([]);
  });

  it('enfoca el primer campo inválido en el orden de la página', async () => {
    const user = userEvent.setup();
    const main = await renderSoporte();
    await fillRequiredFields(user, main);
    await user.selectOptions(main.getByLabelText('Región'), '');
    await user.click(main.getByRole('checkbox', { name: 'Diagnóstico' }));
    await user.click(main.getByRole('checkbox', { name: 'Respaldo de datos' }));

    await user.click(main.getByRole('button', { name: 'Enviar solicitud' }));

    expect(await main.findByText('Selecciona región.')).toBeInTheDocument();
    expect(main.getByText('Elige al menos un servicio.')).toBeInTheDocument();
    expect(main.getByLabelText('Región')).toHaveFocus();
  });

  it('solo acepta correos de los dominios permitidos', async () => {
    const user = userEvent.setup();
    const main = await renderSoporte();

    await user.type(main.getByLabelText('Correo'), 'camila@empresa.cl');
    await user.tab();

    expect(
      await main.findByText('Solo se permiten correos @duoc.cl, @profesor.duoc.cl o @gmail.com'),
    ).toBeInTheDocument();
  });

  it('da formato al teléfono al escribir o pegar y avisa si está incompleto', async () => {
    const user = userEvent.setup();
    const main = await renderSoporte();
    const phone = main.getByLabelText(/^Teléfono/);

    await user.type(phone, '987654321');
    expect(phone).toHaveValue('9 8765 4321');

    await user.clear(phone);
    await user.paste('+56 9 1234 5678');
    expect(phone).toHaveValue('9 1234 5678');

    await user.clear(phone);
    await user.type(phone, '9876');
    await user.tab();
    expect(await main.findByText('Formato: 9 XXXX XXXX')).toBeInTheDocument();
  });

  it('ofrece las prioridades públicas con Normal marcada y los equipos con sus nombres', async () => {
    const main = await renderSoporte();
    const prioridad = within(main.getByRole('group', { name: 'Prioridad' }));

    expect(prioridad.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual([
      'NORMAL',
      'ALTA',
      'CRITICA',
    ]);
    expect(prioridad.getByRole('radio', { name: 'Normal' })).toBeChecked();
    expect(prioridad.getByRole('radio', { name: 'Crítica' })).not.toBeChecked();
    expect(
      within(main.getByLabelText('Equipo'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Selecciona el equipo', 'PC de escritorio', 'Notebook', 'Consola', 'Otro']);
    expect(
      within(main.getByRole('group', { name: 'Servicios requeridos' })).getAllByRole('checkbox'),
    ).toHaveLength(5);
  });

  it('cuenta los caracteres de la descripción sobre 600', async () => {
    const user = userEvent.setup();
    const main = await renderSoporte();
    const counter = main.getByText('0/600');

    await user.type(main.getByLabelText('Descripción del problema'), 'No enciende');

    expect(counter).toHaveTextContent('11/600');
    expect(counter).toHaveAttribute('aria-live', 'polite');
  });

  it('envía los valores de la API, muestra el toast de éxito y limpia el formulario', async () => {
    answerSubmit({ status: 201, body: CREATED });
    const user = userEvent.setup();
    const main = await renderSoporte();
    await fillRequiredFields(user, main);
    await user.click(main.getByRole('radio', { name: 'Crítica' }));

    await user.click(main.getByRole('button', { name: 'Enviar solicitud' }));

    const toast = await findToast();
    expect(toast.getByText('Solicitud enviada')).toBeInTheDocument();
    expect(toast.getByText('Te contactaremos con una cotización estimada.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/soporte')).toHaveLength(1);
    expect(sentBody()).toEqual({
      nombreCliente: 'Camila Rojas',
      emailCliente: 'camila@gmail.com',
      telefonoCliente: null,
      region: 'Metropolitana de Santiago',
      comuna: 'Ñuñoa',
      direccion: null,
      equipo: 'PC_ESCRITORIO',
      prioridad: 'CRITICA',
      serviciosRequeridos: ['Diagnóstico', 'Respaldo de datos'],
      descripcionProblema: 'El PC no enciende.',
      empresa: '',
      tipo: 'REPARACION',
      comprobante: null,
      fechaCompra: null,
    });
    expect(main.getByLabelText('Nombre')).toHaveValue('');
    expect(main.getByLabelText('Equipo')).toHaveValue('');
    expect(main.getByLabelText('Comuna')).toBeDisabled();
    expect(main.getByRole('radio', { name: 'Normal' })).toBeChecked();
    expect(main.getByRole('checkbox', { name: 'Diagnóstico' })).not.toBeChecked();
    expect(main.getByText('0/600')).toBeInTheDocument();
  });

  it('tras enviar muestra el número y el enlace privado de seguimiento, con el foco en ellos', async () => {
    answerSubmit({ status: 201, body: CREATED });
    const user = userEvent.setup();
    const main = await renderSoporte();
    await fillRequiredFields(user, main);

    await user.click(main.getByRole('button', { name: 'Enviar solicitud' }));

    const panel = await main.findByRole('region', { name: 'Solicitud ST-000042 recibida' });
    expect(panel).toHaveFocus();
    expect(panel).toHaveAttribute('aria-live', 'polite');
    expect(within(panel).getByText(CREATED.seguimientoUrl)).toBeInTheDocument();
    expect(
      within(panel).getByText(
        'También te lo enviamos por correo. Cada correo nuestro trae un enlace nuevo que reemplaza al anterior: usa siempre el del correo más reciente.',
      ),
    ).toBeInTheDocument();
    expect(
      within(panel).getByRole('link', { name: 'Ver el estado de mi solicitud' }),
    ).toHaveAttribute('href', '/soporte/seguimiento#abc123-token');
  });

  it('con ?tipo=GARANTIA elige Garantía y pide el comprobante y la fecha de compra', async () => {
    answerSubmit({ status: 201, body: { ...CREATED, tipo: 'GARANTIA' } });
    const user = userEvent.setup();
    const main = await renderSoporte('/soporte?tipo=GARANTIA');
    const tipo = main.getByRole('group', { name: 'Tipo de solicitud' });
    expect(within(tipo).getByRole('radio', { name: 'Garantía' })).toBeChecked();
    expect(main.getByLabelText('Fecha de compra')).toHaveAttribute(
      'max',
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    );
    await fillRequiredFields(user, main);

    await user.click(main.getByRole('button', { name: 'Enviar solicitud' }));

    expect(await main.findByText('Indica el número de pedido o de boleta.')).toBeInTheDocument();
    expect(main.getByText('Indica la fecha de compra.')).toBeInTheDocument();
    expect(main.getByLabelText('N° de pedido o boleta')).toHaveFocus();
    expect(api.calls).toEqual([]);

    await user.type(main.getByLabelText('N° de pedido o boleta'), 'NB-000123');
    await user.type(main.getByLabelText('Fecha de compra'), '2026-01-15');
    await user.click(main.getByRole('button', { name: 'Enviar solicitud' }));

    await findToast();
    expect(sentBody()).toMatchObject({
      tipo: 'GARANTIA',
      comprobante: 'NB-000123',
      fechaCompra: '2026-01-15',
    });
  });

  it('una reparación no muestra los campos de la garantía', async () => {
    const main = await renderSoporte();
    expect(main.getByRole('radio', { name: 'Reparación o mantención' })).toBeChecked();
    expect(main.queryByLabelText('N° de pedido o boleta')).not.toBeInTheDocument();
    expect(main.queryByLabelText('Fecha de compra')).not.toBeInTheDocument();
  });

  it('envía el teléfono y la dirección cuando se completan', async () => {
    answerSubmit({ status: 201, body: CREATED });
    const user = userEvent.setup();
    const main = await renderSoporte();
    await fillRequiredFields(user, main);
    await user.type(main.getByLabelText(/^Teléfono/), '912345678');
    await user.type(main.getByLabelText(/^Dirección/), 'Av. Irarrázaval 1234');

    await user.click(main.getByRole('button', { name: 'Enviar solicitud' }));

    await findToast();
    expect(sentBody()).toMatchObject({
      telefonoCliente: '9 1234 5678',
      direccion: 'Av. Irarrázaval 1234',
      prioridad: 'NORMAL',
    });
  });

  it('si el servidor rechaza la solicitud muestra su mensaje en el toast de error', async () => {
    answerSubmit({
      status: 400,
      body: {
        message: 'Revisa los datos del formulario.',
        errors: { descripcionProblema: 'Cuéntanos más (≥10 caracteres).' },
      },
    });
    const user = userEvent.setup();
    const main = await renderSoporte();
    await fillRequiredFields(user, main);

    await user.click(main.getByRole('button', { name: 'Enviar solicitud' }));

    const toast = await findToast();
    expect(toast.getByText('Error al enviar')).toBeInTheDocument();
    expect(toast.getByText('Revisa los datos del formulario.')).toBeInTheDocument();
    expect(main.getByText('Cuéntanos más (≥10 caracteres).')).toBeInTheDocument();
    expect(main.getByLabelText('Descripción del problema')).toHaveFocus();
    expect(main.getByLabelText('Nombre')).toHaveValue('Camila Rojas');
  });

  it('un 503 con mensaje muestra ese mensaje en el toast, no el texto genérico', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const message =
      'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.';
    answerSubmit({ status: 503, body: { message } });
    const user = userEvent.setup();
    const main = await renderSoporte();
    await fillRequiredFields(user, main);

    await user.click(main.getByRole('button', { name: 'Enviar solicitud' }));

    const toast = await findToast();
    expect(toast.getByText('Error al enviar')).toBeInTheDocument();
    expect(toast.getByText(message)).toBeInTheDocument();
    expect(
      toast.queryByText('No pudimos enviar tu solicitud. Inténtalo más tarde.'),
    ).not.toBeInTheDocument();
  });

  it('un 502 sin mensaje JSON (la página de un proxy) muestra el texto genérico', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    answerSubmit({
      status: 502,
      raw: '<html>Bad Gateway</html>',
      headers: { 'content-type': 'text/html' },
    });
    const user = userEvent.setup();
    const main = await renderSoporte();
    await fillRequiredFields(user, main);

    await user.click(main.getByRole('button', { name: 'Enviar solicitud' }));

    const toast = await findToast();
    expect(
      toast.getByText('No pudimos enviar tu solicitud. Inténtalo más tarde.'),
    ).toBeInTheDocument();
  });

  it('sin mensaje del servidor muestra el texto genérico', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    answerSubmit(NETWORK_ERROR);
    const user = userEvent.setup();
    const main = await renderSoporte();
    await fillRequiredFields(user, main);

    await user.click(main.getByRole('button', { name: 'Enviar solicitud' }));

    const toast = await findToast();
    expect(toast.getByText('Error al enviar')).toBeInTheDocument();
    expect(
      toast.getByText('No pudimos enviar tu solicitud. Inténtalo más tarde.'),
    ).toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
  });

  it('desactiva el botón mientras se envía', async () => {
    answerSubmit(NEVER);
    const user = userEvent.setup();
    const main = await renderSoporte();
    await fillRequiredFields(user, main);

    await user.click(main.getByRole('button', { name: 'Enviar solicitud' }));

    expect(await main.findByRole('button', { name: 'Enviando…' })).toBeDisabled();
  });
});
