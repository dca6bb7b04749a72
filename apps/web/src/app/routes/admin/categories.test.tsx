import type { CategoriaDetalle } from '@nexbyte/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findHeading, mockApi, type ApiHandlers } from '../../../testing/admin-api';
import { buildUser, storeSession } from '../../../testing/fixtures';
import { renderApp, renderAsAdmin } from '../../testing/render-app';

const CATEGORIES: CategoriaDetalle[] = [
  { id: 1, nombre: 'Almacenamiento', imagen: null, activo: true, productos: 6 },
  { id: 2, nombre: 'Cables', imagen: '/img/categorias/cables.svg', activo: false, productos: 0 },
];

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

async function openScreen(handlers: ApiHandlers = {}, asVendor = false) {
  let categories = [...CATEGORIES];
  const api = mockApi({
    'GET /categorias': () => ({ body: categories }),
    'POST /categorias': (body) => {
      const created = { id: 3, imagen: null, activo: true, productos: 0, ...(body as object) };
      categories = [...categories, created as CategoriaDetalle];
      return { status: 201, body: created };
    },
    ...handlers,
  });
  if (asVendor) {
    storeSession(buildUser({ role: 'VENDOR' }));
    renderApp('/admin/categorias');
  } else {
    renderAsAdmin('/admin/categorias');
  }
  await findHeading('Categorías');
  await screen.findByRole('table', { name: 'Categorías' });
  return { ...api, user: userEvent.setup() };
}

describe('pantalla Categorías de la administración', () => {
  it('lista todas las categorías, también las inactivas, con productos activos, imagen y estado', async () => {
    const { calls } = await openScreen();
    expect(calls.find((c) => c.path === '/categorias')!.query.get('estado')).toBe('todos');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Nombre',
      'Imagen',
      'Productos activos',
      'Estado',
      'Acciones',
    ]);
    const almacenamiento = rowOf('Almacenamiento');
    expect(within(almacenamiento).getByText('6')).toBeInTheDocument();
    expect(within(almacenamiento).getByText('Sin imagen')).toBeInTheDocument();
    expect(within(almacenamiento).getByText('Activa')).toHaveClass('badge--success');
    const cables = rowOf('Cables');
    expect(within(cables).getByText('Inactiva')).toBeInTheDocument();
    expect(within(cables).getByRole('button', { name: 'Activar Cables' })).toBeEnabled();
    expect(screen.getByText('2 categorías')).toBeInTheDocument();
  });

  it('crea una categoría con el esquema compartido: el nombre es requerido antes de llamar a la API', async () => {
    const { user, callsTo } = await openScreen();
    const form = screen.getByRole('region', { name: 'Nueva categoría' });
    await user.click(within(form).getByRole('button', { name: 'Crear categoría' }));
    expect(await within(form).findByText('El nombre de la categoría es requerido.')).toBeVisible();
    expect(within(form).getByLabelText('Nombre')).toHaveFocus();
    expect(callsTo('POST', '/categorias')).toHaveLength(0);

    await user.type(within(form).getByLabelText('Nombre'), 'Redes');
    await user.click(within(form).getByRole('button', { name: 'Crear categoría' }));
    expect(await screen.findByText('Redes ya se muestra en la tienda.')).toBeVisible();
    expect(callsTo('POST', '/categorias')[0]!.body).toEqual({ nombre: 'Redes', imagen: null });
    expect(await screen.findByRole('row', { name: /Redes/ })).toBeInTheDocument();
    expect(within(form).getByLabelText('Nombre')).toHaveValue('');
  });

  it('muestra junto al campo el nombre repetido que rechaza el servidor (409)', async () => {
    const { user } = await openScreen({
      'POST /categorias': {
        status: 409,
        body: {
          message: 'Ya existe una categoría con ese nombre.',
          errors: { nombre: 'Ya existe una categoría con ese nombre.' },
        },
      },
    });
    const form = screen.getByRole('region', { name: 'Nueva categoría' });
    await user.type(within(form).getByLabelText('Nombre'), 'almacenamiento');
    await user.click(within(form).getByRole('button', { name: 'Crear categoría' }));
    expect(await within(form).findByText('Ya existe una categoría con ese nombre.')).toBeVisible();
    expect(within(form).getByLabelText('Nombre')).toHaveAttribute('aria-invalid', 'true');
  });

  it('renombra y cambia la imagen en un diálogo', async () => {
    const { user, callsTo } = await openScreen({
      'PUT /categorias/1': (body) => ({ body: { ...CATEGORIES[0], ...(body as object) } }),
    });
    await user.click(screen.getByRole('button', { name: 'Editar Almacenamiento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Almacenamiento' });
    const nombre = within(dialog).getByLabelText('Nombre');
    await user.clear(nombre);
    await user.type(nombre, 'Discos y SSD');
    await user.type(within(dialog).getByLabelText(/Imagen/), 'https://cdn.nexbyte.cl/ssd.webp');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Discos y SSD quedó actualizada.')).toBeVisible();
    expect(callsTo('PUT', '/categorias/1')[0]!.body).toEqual({
      nombre: 'Discos y SSD',
      imagen: 'https://cdn.nexbyte.cl/ssd.webp',
    });
  });

  it('dice por qué no desactiva una categoría con productos activos', async () => {
    const message =
      'No se puede desactivar: la categoría tiene 6 productos activos. Desactívalos o muévelos a otra categoría primero.';
    const { user } = await openScreen({
      'PATCH /categorias/1/desactivar': { status: 409, body: { message } },
    });
    await user.click(screen.getByRole('button', { name: 'Desactivar Almacenamiento' }));
    expect(
      await screen.findByText(`Error al desactivar la categoría Almacenamiento. ${message}`),
    ).toBeVisible();
  });

  it('activa una categoría inactiva y la lista vuelve a pedirse', async () => {
    const { user, callsTo } = await openScreen({
      'PATCH /categorias/2/activar': { body: { ...CATEGORIES[1], activo: true } },
    });
    await user.click(screen.getByRole('button', { name: 'Activar Cables' }));
    expect(await screen.findByText('Cables vuelve a mostrarse en la tienda.')).toBeVisible();
    await waitFor(() => expect(callsTo('GET', '/categorias').length).toBeGreaterThan(1));
  });

  it('un VENDOR también gestiona las categorías', async () => {
    await openScreen({}, true);
    expect(screen.getByRole('link', { name: 'Categorías' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});
