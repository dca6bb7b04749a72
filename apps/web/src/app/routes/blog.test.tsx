import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../testing/render-app';

// The first visit downloads the screen's code, which can take more than a second on a busy machine.
const LOADING = { timeout: 4000 };

describe('pantallas del blog', () => {
  it('el detalle muestra el artículo con su categoría, autor, fecha, imagen y cuerpo', async () => {
    renderApp('/blog/guia-componentes-pc-2025');
    const title = await screen.findByRole(
      'heading',
      {
        level: 1,
        name: 'Guía de componentes para armar tu PC en 2025',
      },
      LOADING,
    );
    const article = title.closest('article')!;
    expect(article).toHaveTextContent('Guías');
    expect(article).toHaveTextContent('Por Valentina Rojas · 10-03-2025');
    expect(within(article).getByRole('img')).toHaveAccessibleName(
      'Placa madre con procesador, memorias y tarjeta de video',
    );
    expect(within(article).getByRole('heading', { level: 2, name: 'Memoria RAM' })).toBeVisible();
    expect(screen.getByRole('link', { name: /Volver al blog/ })).toHaveAttribute('href', '/blogs');
    expect(document.title).toBe('Guía de componentes para armar tu PC en 2025 | Nexbyte');
  });

  it('enlaza el artículo anterior y el siguiente, y se puede avanzar al siguiente', async () => {
    const user = userEvent.setup();
    renderApp('/blog/guia-componentes-pc-2025');
    const others = await screen.findByRole('navigation', { name: 'Otros artículos' }, LOADING);
    expect(within(others).getByRole('link', { name: /Artículo anterior/ })).toHaveAttribute(
      'href',
      '/blog/7-trucos-geek-setup',
    );
    const next = within(others).getByRole('link', {
      name: 'Artículo siguiente Mantenimiento preventivo: cómo alargar la vida de tu PC',
    });

    await user.click(next);

    expect(
      await screen.findByRole('heading', { level: 1, name: /Mantenimiento preventivo/ }, LOADING),
    ).toBeInTheDocument();
    const last = screen.getByRole('navigation', { name: 'Otros artículos' });
    expect(
      within(last).queryByRole('link', { name: /Artículo siguiente/ }),
    ).not.toBeInTheDocument();
    expect(within(last).getByRole('link', { name: /Artículo anterior/ })).toBeInTheDocument();
  });

  it('el primer artículo no tiene anterior', async () => {
    renderApp('/blog/mantenimiento-programado-v3');
    const others = await screen.findByRole('navigation', { name: 'Otros artículos' }, LOADING);
    expect(within(others).getAllByRole('link')).toHaveLength(1);
    expect(within(others).getByRole('link')).toHaveAccessibleName(/^Artículo siguiente 7 trucos/);
  });

  it('un id desconocido lleva a /blogs reemplazando la entrada del historial', async () => {
    const { router } = renderApp('/blog/no-existe');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Blog' }, LOADING),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/blogs');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('la lista abre el detalle y Atrás regresa a la lista con el mismo filtro', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/blogs?categoria=Guías');
    await user.click(await screen.findByRole('link', { name: /7 trucos/ }, LOADING));
    await screen.findByRole('heading', { level: 1, name: /7 trucos/ }, LOADING);

    await act(() => router.navigate(-1));

    expect(await screen.findByRole('heading', { level: 1, name: 'Blog' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guías' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(screen.getByRole('main')).getByRole('status')).toHaveTextContent('2 artículos');
  });
});
