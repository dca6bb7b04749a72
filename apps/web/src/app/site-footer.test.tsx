import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../testing/render-app';

describe('SiteFooter', () => {
  it('lleva las categorías a /productos y muestra el año actual', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    const footer = screen.getByRole('contentinfo');
    for (const name of [
      'Periféricos',
      'Componentes',
      'Accesorios',
      'Almacenamiento',
      'Monitores',
      'Notebooks',
    ]) {
      expect(within(footer).getByRole('link', { name })).toHaveAttribute('href', '/productos');
    }
    expect(within(footer).getByRole('link', { name: 'Garantías' })).toHaveAttribute(
      'href',
      '/garantias',
    );
    expect(
      within(footer).getByText(
        `© ${new Date().getFullYear()} Nexbyte. Todos los derechos reservados.`,
      ),
    ).toBeInTheDocument();
  });

  it('el newsletter pide un correo válido antes de enviar', async () => {
    const user = userEvent.setup();
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    const email = within(screen.getByRole('contentinfo')).getByRole('textbox', { name: /correo/i });
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();

    await user.type(email, 'no-es-un-correo');
    expect(email).toBeInvalid();
    await user.clear(email);
    await user.type(email, 'camila@gmail.com');
    expect(email).toBeValid();
    await user.click(screen.getByRole('button', { name: 'Suscribirme' }));
    expect(screen.getByRole('heading', { level: 1, name: 'TIENDA ONLINE' })).toBeInTheDocument();
  });
});
