import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useSearchParamsUpdate } from './use-search-params-update';

type Update = ReturnType<typeof useSearchParamsUpdate>[1];

function renderWithRouter(initial = '/productos') {
  const handle: { update?: Update } = {};
  function Filters() {
    const [, update] = useSearchParamsUpdate();
    handle.update = update;
    return null;
  }
  const router = createMemoryRouter([{ path: '/productos', element: <Filters /> }], {
    initialEntries: [initial],
  });
  render(<RouterProvider router={router} />);
  const change = (key: string, value: string) => handle.update!((params) => params.set(key, value));
  const set = (key: string, value: string) => act(() => change(key, value));
  return { router, change, set };
}

describe('useSearchParamsUpdate', () => {
  it('an earlier change of ours arriving late does not undo a later one', async () => {
    const { router, change, set } = renderWithRouter();
    // The router renders navigations in a transition: the first change can reach the screen
    // after the second was made. Here the screen renders once, with the first change only.
    await act(async () => {
      change('categoria', 'Almacenamiento');
      change('orden', 'precio_asc');
      await router.navigate('/productos?categoria=Almacenamiento', { replace: true });
    });
    await set('min', '30000');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      categoria: 'Almacenamiento',
      orden: 'precio_asc',
      min: '30000',
    });
  });

  it('a query it did not make (a link, the back button) becomes the base of the next change', async () => {
    const { router, set } = renderWithRouter();
    await set('categoria', 'Almacenamiento');
    await act(() => router.navigate('/productos?q=teclado'));
    await set('orden', 'precio_desc');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      q: 'teclado',
      orden: 'precio_desc',
    });
  });
});
