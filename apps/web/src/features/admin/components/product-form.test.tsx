import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  buildProduct,
  CATEGORIAS,
  findHeading,
  mockApi,
  renderAsAdmin,
  type ApiHandlers,
} from '../testing';

const field = (name: string | RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;
// FormField marks optional labels with ' (opcional)'.
const DESCRIPCION = /^Descripción/;
const IMAGEN = /^URL de la imagen/;
const numberField = (name: string) => screen.getByRole('spinbutton', { name }) as HTMLInputElement;
const save = (name: string) => userEvent.click(screen.getByRole('button', { name }));

describe('formulario de producto nuevo', () => {
  async function openNew(handlers: ApiHandlers = {}) {
    const api = mockApi({ 'GET /categorias': { body: CATEGORIAS }, ...handlers });
    const app = renderAsAdmin('/admin/productos/nuevo');
    await findHeading('Nuevo producto');
    await screen.findByRole('combobox', { name: 'Categoría' });
    return { ...api, ...app, user: userEvent.setup() };
  }

  it('tiene nombre, descripción, precio con paso 0.01, stock, categoría e imagen', async () => {
    await openNew();
    expect(field('Nombre')).toHaveValue('');
    expect(field(DESCRIPCION).tagName).toBe('TEXTAREA');
    expect(numberField('Precio (CLP)')).toHaveAttribute('step', '0.01');
    expect(numberField('Stock')).toHaveAttribute('step', '1');
    const categoria = screen.getByRole('combobox', { name: 'Categoría' });
    expect(
      within(categoria)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Selecciona una categoría', 'Almacenamiento', 'Periféricos']);
    expect(field(IMAGEN)).toHaveValue('');
  });

  it('vacío muestra los mensajes del esquema compartido y no llama a la API', async () => {
    const { calls } = await openNew();
    await save('Crear producto');

    expect(await screen.findByText('El nombre es requerido.')).toBeInTheDocument();
    expect(screen.getByText('El precio es requerido.')).toBeInTheDocument();
    expect(screen.getByText('El stock es requerido.')).toBeInTheDocument();
    expect(screen.getByText('La categoría es requerida.')).toBeInTheDocument();
    expect(field('Nombre')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Nombre')).toHaveFocus();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('rechaza precio negativo, más de 2 decimales, stock con decimales e imagen que no es URL', async () => {
    const { user } = await openNew();
    await user.type(numberField('Precio (CLP)'), '-1');
    await user.type(numberField('Stock'), '1.5');
    await user.type(field(IMAGEN), 'javascript:alert(1)');
    await save('Crear producto');

    expect(await screen.findByText('El precio no puede ser negativo.')).toBeInTheDocument();
    expect(
      screen.getByText('El stock debe ser un número entero mayor o igual a 0.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('La imagen debe ser una URL http(s) o una ruta que empiece con /.'),
    ).toBeInTheDocument();

    await user.clear(numberField('Precio (CLP)'));
    await user.type(numberField('Precio (CLP)'), '10.123');
    expect(
      await screen.findByText('El precio admite como máximo 2 decimales.'),
    ).toBeInTheDocument();
  });

  it('crea el producto, vuelve a la tabla y avisa con un toast', async () => {
    const created = buildProduct({ id: 99, nombre: 'Silla gamer Cougar' });
    const { user, router, callsTo } = await openNew({
      'POST /productos': { status: 201, body: created },
      'GET /productos': { body: [created] },
    });
    await user.type(field('Nombre'), '  Silla gamer Cougar ');
    await user.type(numberField('Precio (CLP)'), '189990.5');
    await user.type(numberField('Stock'), '3');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Categoría' }), 'Periféricos');
    await save('Crear producto');

    await findHeading('Productos');
    expect(router.state.location.pathname).toBe('/admin/productos');
    expect(callsTo('POST', '/productos')[0]?.body).toEqual({
      nombre: 'Silla gamer Cougar',
      descripcion: null,
      precio: 189990.5,
      stock: 3,
      categoria: { id: 2 },
      imagen: null,
    });
    expect(screen.getByText('Producto creado: Silla gamer Cougar.')).toBeInTheDocument();
  });

  it('si el servidor rechaza, muestra el mensaje de la especificación, el del servidor y el del campo', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { user, router } = await openNew({
      'POST /productos': {
        status: 400,
        body: {
          message: 'La categoría seleccionada no existe.',
          errors: { categoria: 'La categoría seleccionada no existe.' },
        },
      },
    });
    await user.type(field('Nombre'), 'Silla');
    await user.type(numberField('Precio (CLP)'), '1000');
    await user.type(numberField('Stock'), '1');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Categoría' }), 'Periféricos');
    await save('Crear producto');

    expect(
      await screen.findByText(
        'Hubo un error al crear/actualizar el producto. La categoría seleccionada no existe.',
      ),
    ).toHaveAttribute('role', 'alert');
    const categoria = screen.getByRole('combobox', { name: 'Categoría' });
    expect(categoria).toHaveAttribute('aria-invalid', 'true');
    expect(categoria).toHaveAccessibleDescription('La categoría seleccionada no existe.');
    expect(router.state.location.pathname).toBe('/admin/productos/nuevo');
    expect(warn).toHaveBeenCalled();
  });

  it("si las categorías no cargan muestra 'No se pudieron cargar los datos necesarios.'", async () => {
    mockApi({ 'GET /categorias': { status: 404, body: { message: 'No encontrado.' } } });
    renderAsAdmin('/admin/productos/nuevo');
    expect(
      await screen.findByText('No se pudieron cargar los datos necesarios.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Nombre' })).not.toBeInTheDocument();
  });
});

describe('formulario de edición de producto', () => {
  const product = buildProduct({
    id: 12,
    nombre: 'Mouse Logitech G203',
    descripcion: null,
    precio: 19990,
    stock: 35,
    imagen: null,
  });

  it('trae el producto, lo guarda con PUT y vuelve a la tabla', async () => {
    const { callsTo } = mockApi({
      'GET /categorias': { body: CATEGORIAS },
      'GET /productos/12': { body: product },
      'PUT /productos/12': (body) => ({ body: { ...product, ...(body as object) } }),
      'GET /productos': { body: [product] },
    });
    const { router } = renderAsAdmin('/admin/productos/editar/12');
    await findHeading('Editar producto');
    expect(await screen.findByDisplayValue('Mouse Logitech G203')).toBe(field('Nombre'));
    expect(numberField('Precio (CLP)')).toHaveValue(19990);
    expect(numberField('Stock')).toHaveValue(35);
    expect(screen.getByRole('combobox', { name: 'Categoría' })).toHaveDisplayValue('Periféricos');

    await userEvent.clear(numberField('Stock'));
    await userEvent.type(numberField('Stock'), '34');
    await save('Guardar cambios');

    await findHeading('Productos');
    expect(router.state.location.pathname).toBe('/admin/productos');
    expect(callsTo('PUT', '/productos/12')[0]?.body).toEqual({
      nombre: 'Mouse Logitech G203',
      descripcion: null,
      precio: 19990,
      stock: 34,
      categoria: { id: 2 },
      imagen: null,
    });
    expect(screen.getByText('Producto actualizado: Mouse Logitech G203.')).toBeInTheDocument();
  });

  it("un producto que no carga muestra 'No se pudieron cargar los datos necesarios.'", async () => {
    mockApi({
      'GET /categorias': { body: CATEGORIAS },
      'GET /productos/404': { status: 404, body: { message: 'Producto no encontrado.' } },
    });
    renderAsAdmin('/admin/productos/editar/404');
    expect(
      await screen.findByText('No se pudieron cargar los datos necesarios.'),
    ).toBeInTheDocument();
  });

  it('un id que no es un número no llama a la API', async () => {
    const { calls } = mockApi({ 'GET /categorias': { body: CATEGORIAS } });
    renderAsAdmin('/admin/productos/editar/abc');
    expect(
      await screen.findByText('No se pudieron cargar los datos necesarios.'),
    ).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
