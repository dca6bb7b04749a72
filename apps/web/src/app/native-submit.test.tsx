import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, NEVER } from '../testing/mock-api';
import { renderApp } from './testing/render-app';

// A server-rendered form can be sent by the browser itself before the app's script runs (Enter in
// a field). Sent as a GET, its fields (an e-mail, a message, a password) would land in the address,
// the history and the server's request log; sent as a POST they stay in the body.

afterEach(() => vi.unstubAllGlobals());

const PAGES = ['/', '/contacto', '/soporte', '/login', '/registro', '/carrito'];

describe('formularios de las páginas renderizadas en el servidor', () => {
  it.each(PAGES)('en %s ningún formulario con datos personales se envía por GET', async (path) => {
    mockApi({}, { otherwise: NEVER });
    const { container } = renderApp(path);
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });

    const personal = [...container.querySelectorAll('form')].filter((form) =>
      form.querySelector(
        'input[type="email"], input[type="password"], textarea, input[type="tel"]',
      ),
    );
    expect(personal.length).toBeGreaterThan(0);
    for (const form of personal) expect(form.method).toBe('post');
  });
});
