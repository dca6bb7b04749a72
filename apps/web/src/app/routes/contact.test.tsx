import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { CONTACT_MESSAGE_MAX } from '@nexbyte/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../testing/render-app';
import { mockApi, type MockReply } from '../../testing/mock-api';

/** No call is planned unless a test answers POST /api/contactos. */
let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi({});
});
afterEach(() => vi.unstubAllGlobals());

async function renderContacto() {
  renderApp('/contacto');
  await screen.findByRole('heading', { level: 1, name: 'Contacto' }, { timeout: 5000 });
  return within(screen.getByRole('main'));
}

type Main = Awaited<ReturnType<typeof renderContacto>>;

async function fillForm(user: UserEvent, main: Main) {
  await user.type(main.getByLabelText('Nombre'), 'Camila Rojas');
  await user.type(main.getByLabelText('Correo'), 'camila@gmail.com');
  await user.type(main.getByLabelText('Mensaje'), 'Hola');
}

async function findToast() {
  const region = screen.getByRole('region', { name: 'Notificaciones' });
  return within(await within(region).findByTestId('toast'));
}

describe('Contacto', () => {
  it('al enviar vacío muestra el mensaje de cada campo y enfoca el primero', async () => {
    const user = userEvent.setup();
    const main = await renderContacto();

    await user.click(main.getByRole('button', { name: 'Enviar' }));

    expect(await main.findByText('El nombre es requerido.')).toBeInTheDocument();
    expect(main.getByText('Formato de correo inválido.')).toBeInTheDocument();
    expect(main.getByText('El mensaje es requerido.')).toBeInTheDocument();
    expect(main.getByLabelText('Nombre')).toHaveFocus();
    expect(api.calls).toEqual([]);
  });

  it('solo acepta correos de los dominios permitidos', async () => {
    const user = userEvent.setup();
    const main = await renderContacto();

    await user.type(main.getByLabelText('Correo'), 'camila@outlook.com');
    await user.tab();

    expect(
      await main.findByText('Solo se permiten correos @duoc.cl, @profesor.duoc.cl o @gmail.com'),
    ).toBeInTheDocument();
  });

  it('cuenta los caracteres del mensaje sobre 500 y avisa al pasarse', async () => {
    const user = userEvent.setup();
    const main = await renderContacto();
    const mensaje = main.getByLabelText('Mensaje');
    const counter = main.getByText(`0/${CONTACT_MESSAGE_MAX}`);
    expect(counter).toHaveAttribute('aria-live', 'polite');

    await user.type(mensaje, 'Hola');
    expect(counter).toHaveTextContent('4/500');

    await user.clear(mensaje);
    await user.click(mensaje);
    await user.paste('x'.repeat(CONTACT_MESSAGE_MAX + 1));
    await user.tab();

    expect(counter).toHaveTextContent('501/500');
    expect(await main.findByText('Máximo 500 caracteres.')).toBeInTheDocument();
  });

  it('al enviar muestra el toast de éxito, manda el mensaje y limpia el formulario', async () => {
    api = mockApi({ 'POST /contactos': { status: 201, body: { message: 'Mensaje enviado.' } } });
    const user = userEvent.setup();
    const main = await renderContacto();
    await fillForm(user, main);

    await user.click(main.getByRole('button', { name: 'Enviar' }));

    const toast = await findToast();
    expect(toast.getByText('Mensaje enviado')).toBeInTheDocument();
    expect(toast.getByText('¡Gracias! Te responderemos a la brevedad.')).toBeInTheDocument();
    expect(api.calls.map((c) => [c.method, c.path, c.body])).toEqual([
      [
        'POST',
        '/contactos',
        { nombre: 'Camila Rojas', email: 'camila@gmail.com', mensaje: 'Hola', empresa: '' },
      ],
    ]);
    expect(main.getByLabelText('Nombre')).toHaveValue('');
    expect(main.getByLabelText('Mensaje')).toHaveValue('');
    expect(main.getByText('0/500')).toBeInTheDocument();
  });

  it('si falla muestra el toast de error y conserva lo escrito', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({ 'POST /contactos': { status: 500, body: { message: 'Error interno.' } } });
    const user = userEvent.setup();
    const main = await renderContacto();
    await fillForm(user, main);

    await user.click(main.getByRole('button', { name: 'Enviar' }));

    const toast = await findToast();
    expect(toast.getByText('No pudimos enviar tu mensaje')).toBeInTheDocument();
    expect(toast.getByText('Inténtalo nuevamente más tarde.')).toBeInTheDocument();
    expect(main.getByLabelText('Nombre')).toHaveValue('Camila Rojas');
    expect(main.getByRole('button', { name: 'Enviar' })).toBeEnabled();
  });

  it('Limpiar vacía los campos y quita los mensajes', async () => {
    const user = userEvent.setup();
    const main = await renderContacto();
    await fillForm(user, main);
    await user.clear(main.getByLabelText('Nombre'));
    await user.tab();
    expect(await main.findByText('El nombre es requerido.')).toBeInTheDocument();

    await user.click(main.getByRole('button', { name: 'Limpiar' }));

    expect(main.getByLabelText('Correo')).toHaveValue('');
    expect(main.getByLabelText('Mensaje')).toHaveValue('');
    expect(main.queryByText('El nombre es requerido.')).not.toBeInTheDocument();
  });

  it('desactiva Enviar mientras se envía', async () => {
    mockApi({ 'POST /contactos': () => new Promise<MockReply>(() => {}) });
    const user = userEvent.setup();
    const main = await renderContacto();
    await fillForm(user, main);

    await user.click(main.getByRole('button', { name: 'Enviar' }));

    expect(await main.findByRole('button', { name: 'Enviando…' })).toBeDisabled();
  });

  it('tiene un campo trampa oculto, fuera del orden del teclado', async () => {
    const main = await renderContacto();
    const honeypot = document.querySelector<HTMLInputElement>('input[name="empresa"]');

    expect(honeypot).not.toBeNull();
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(honeypot?.closest('[aria-hidden="true"]')).toHaveClass('visually-hidden');
    expect(main.queryByRole('textbox', { name: /Empresa/ })).not.toBeInTheDocument();
  });

  it('muestra los canales de soporte, tres preguntas frecuentes y el mapa', async () => {
    const main = await renderContacto();

    expect(main.getByRole('link', { name: 'soporte@nexbyte.cl' })).toHaveAttribute(
      'href',
      'mailto:soporte@nexbyte.cl',
    );
    expect(main.getByRole('link', { name: /\+56 9 1111 2222/ })).toHaveAttribute(
      'href',
      'https://wa.me/56911112222',
    );
    expect(main.getByText('Lunes a Viernes, 9:00 a 18:00')).toBeInTheDocument();
    expect(main.getByRole('heading', { name: 'Preguntas frecuentes' })).toBeInTheDocument();
    expect(
      main.getByRole('img', { name: 'Mapa de ubicación de Nexbyte en Santiago' }),
    ).toHaveAttribute('src', '/img/ubicacion.svg');
    expect(main.getAllByRole('group')).toHaveLength(3);
  });
});
