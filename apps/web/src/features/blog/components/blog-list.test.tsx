import { BLOG_PAGE_SIZE } from '@nexbyte/shared';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BLOG_CATEGORIES, BLOG_POSTS, type BlogPost } from '../posts';
import { BlogList } from './blog-list';

/** Posts numbered from 1, their categories taking turns: Mantenimiento, Guías, Noticias, … */
function buildPosts(count: number): BlogPost[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `post-${i + 1}`,
    title: `Artículo de prueba ${i + 1}`,
    author: 'Equipo Nexbyte',
    date: '2025-05-05T12:00:00-04:00',
    category: BLOG_CATEGORIES[i % BLOG_CATEGORIES.length]!,
    summary: `Resumen del artículo ${i + 1}.`,
    image: '/img/placeholder.svg',
    imageAlt: '',
  }));
}

function renderList(posts: readonly BlogPost[], url = '/blogs') {
  const router = createMemoryRouter(
    [
      { path: '/blogs', element: <BlogList posts={posts} /> },
      { path: '/blog/:id', element: <p>Detalle</p> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  const query = () => new URLSearchParams(router.state.location.search);
  return { router, query, user: userEvent.setup() };
}

const titles = () => screen.queryAllByRole('heading', { level: 2 }).map((h) => h.textContent);
const chip = (name: string) => screen.getByRole('button', { name });
const searchBox = () => screen.getByRole('searchbox', { name: 'Buscar artículos' });

describe('BlogList', () => {
  it('muestra cada artículo con categoría, autor, fecha, resumen y enlace a su detalle', () => {
    renderList(BLOG_POSTS);
    expect(screen.getByRole('status')).toHaveTextContent('4 artículos');
    const card = screen.getByRole('link', { name: /Guía de componentes/ }).closest('article')!;
    expect(within(card).getByRole('link')).toHaveAttribute(
      'href',
      '/blog/guia-componentes-pc-2025',
    );
    expect(card).toHaveTextContent('Guías');
    expect(card).toHaveTextContent('Por Valentina Rojas · 10-03-2025');
    expect(card).toHaveTextContent('Procesador, placa madre, memoria');
    expect(card.querySelector('img')).toHaveAttribute(
      'src',
      '/img/blog/guia-componentes-pc-2025.svg',
    );
  });

  it('los chips filtran por categoría y marcan el elegido con aria-pressed', async () => {
    const { user, query } = renderList(buildPosts(9));
    expect(chip('Todos')).toHaveAttribute('aria-pressed', 'true');

    await user.click(chip('Noticias'));

    expect(chip('Noticias')).toHaveAttribute('aria-pressed', 'true');
    expect(chip('Todos')).toHaveAttribute('aria-pressed', 'false');
    expect(titles()).toEqual([
      'Artículo de prueba 3',
      'Artículo de prueba 6',
      'Artículo de prueba 9',
    ]);
    expect(query().get('categoria')).toBe('Noticias');

    await user.click(chip('Todos'));
    expect(titles()).toHaveLength(BLOG_PAGE_SIZE);
    expect(query().has('categoria')).toBe(false);
  });

  it('busca sin distinguir mayúsculas ni tildes en título, resumen, autor y categoría', async () => {
    const { user } = renderList(BLOG_POSTS);

    await user.type(searchBox(), 'GUIA');
    expect(titles()).toEqual([
      '7 trucos para un setup geek cómodo y ordenado',
      'Guía de componentes para armar tu PC en 2025',
    ]);

    await user.clear(searchBox());
    await user.type(searchBox(), 'diego muñoz');
    expect(titles()).toEqual(['Mantenimiento preventivo: cómo alargar la vida de tu PC']);

    await user.clear(searchBox());
    await user.type(searchBox(), 'recordatorio por correo');
    expect(titles()).toEqual(['Llegan los planes de mantenimiento programado v3']);
  });

  it('guarda la búsqueda en la dirección sin sumar una entrada al historial por letra', async () => {
    const { user, query, router } = renderList(BLOG_POSTS);
    await user.type(searchBox(), 'pc');
    expect(query().get('q')).toBe('pc');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(searchBox()).toHaveValue('pc');
  });

  it('Escape vacía la búsqueda', async () => {
    const { user, query } = renderList(BLOG_POSTS, '/blogs?q=trucos');
    expect(searchBox()).toHaveValue('trucos');
    expect(titles()).toHaveLength(1);

    await user.click(searchBox());
    await user.keyboard('{Escape}');

    expect(searchBox()).toHaveValue('');
    expect(titles()).toHaveLength(4);
    expect(query().has('q')).toBe(false);
  });

  it('cuenta en singular un artículo y en plural los demás', async () => {
    const { user } = renderList(BLOG_POSTS);
    expect(screen.getByRole('status')).toHaveTextContent(/^4 artículos$/);
    await user.click(chip('Mantenimiento'));
    expect(screen.getByRole('status')).toHaveTextContent(/^1 artículo$/);
    await user.type(searchBox(), 'no existe');
    expect(screen.getByRole('status')).toHaveTextContent(/^0 artículos$/);
  });

  it(`con ${BLOG_PAGE_SIZE} artículos o menos no muestra la paginación`, () => {
    renderList(buildPosts(BLOG_PAGE_SIZE));
    expect(titles()).toHaveLength(BLOG_PAGE_SIZE);
    expect(screen.queryByRole('navigation', { name: 'Páginas del blog' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Siguiente' })).not.toBeInTheDocument();
  });

  it(`con más de ${BLOG_PAGE_SIZE} artículos pagina con Anterior y Siguiente`, async () => {
    const { user, query } = renderList(buildPosts(13));
    const pager = screen.getByRole('navigation', { name: 'Páginas del blog' });
    const previous = within(pager).getByRole('button', { name: 'Anterior' });
    const next = within(pager).getByRole('button', { name: 'Siguiente' });
    expect(pager).toHaveTextContent('Página 1 de 3');
    expect(previous).toHaveAttribute('aria-disabled', 'true');
    expect(titles()[0]).toBe('Artículo de prueba 1');

    await user.click(next);
    expect(pager).toHaveTextContent('Página 2 de 3');
    expect(titles()).toHaveLength(BLOG_PAGE_SIZE);
    expect(titles()[0]).toBe('Artículo de prueba 7');
    expect(query().get('pagina')).toBe('2');
    expect(screen.getByRole('status')).toHaveFocus();

    await user.click(next);
    expect(pager).toHaveTextContent('Página 3 de 3');
    expect(titles()).toEqual(['Artículo de prueba 13']);
    expect(next).toHaveAttribute('aria-disabled', 'true');

    await user.click(next);
    expect(pager).toHaveTextContent('Página 3 de 3');

    await user.click(previous);
    expect(pager).toHaveTextContent('Página 2 de 3');
  });

  it('vuelve a la página 1 al cambiar la categoría o la búsqueda', async () => {
    const { user, query } = renderList(buildPosts(13), '/blogs?pagina=3');
    expect(screen.getByText('Página 3 de 3')).toBeInTheDocument();

    await user.type(searchBox(), 'prueba');
    expect(screen.getByText('Página 1 de 3')).toBeInTheDocument();
    expect(query().has('pagina')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await user.click(chip('Guías'));
    expect(query().has('pagina')).toBe(false);
    expect(titles()[0]).toBe('Artículo de prueba 2');
  });

  it('lee categoría, búsqueda y página de la dirección, como tras recargar o compartir', () => {
    renderList(buildPosts(40), '/blogs?categoria=guias&q=prueba&pagina=2');
    expect(chip('Guías')).toHaveAttribute('aria-pressed', 'true');
    expect(searchBox()).toHaveValue('prueba');
    expect(screen.getByRole('status')).toHaveTextContent('13 artículos');
    expect(screen.getByText('Página 2 de 3')).toBeInTheDocument();
    expect(titles()[0]).toBe('Artículo de prueba 20');
  });

  it('una página fuera de rango muestra la más cercana', () => {
    renderList(buildPosts(8), '/blogs?pagina=99');
    expect(screen.getByText('Página 2 de 2')).toBeInTheDocument();
    expect(titles()).toEqual(['Artículo de prueba 7', 'Artículo de prueba 8']);
  });

  it('sin resultados ofrece limpiar la búsqueda y la categoría', async () => {
    const { user } = renderList(buildPosts(9), '/blogs?categoria=Noticias&q=12');
    expect(screen.getByText('No encontramos artículos con esos criterios.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Páginas del blog' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ver todas las categorías' }));
    expect(chip('Todos')).toHaveAttribute('aria-pressed', 'true');
    expect(searchBox()).toHaveValue('12');
    expect(screen.getByText('No encontramos artículos con esos criterios.')).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Ver todas las categorías' }),
    ).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Limpiar búsqueda' }));
    expect(searchBox()).toHaveValue('');
    expect(titles()).toHaveLength(BLOG_PAGE_SIZE);
  });

  it('un enlace a /blogs sin parámetros devuelve la lista completa y vacía el buscador', async () => {
    const { user, router } = renderList(BLOG_POSTS);
    await user.type(searchBox(), 'trucos');
    expect(titles()).toHaveLength(1);

    await act(() => router.navigate('/blogs'));

    expect(searchBox()).toHaveValue('');
    expect(titles()).toHaveLength(4);
  });

  it('Atrás devuelve el filtro anterior también al buscador', async () => {
    const { user, router } = renderList(BLOG_POSTS);
    await user.type(searchBox(), 'pc');
    await user.click(chip('Guías'));
    await user.clear(searchBox());
    expect(titles()).toHaveLength(2);

    await act(() => router.navigate(-1));

    expect(chip('Todos')).toHaveAttribute('aria-pressed', 'true');
    expect(searchBox()).toHaveValue('pc');
  });
});
