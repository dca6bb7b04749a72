import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  buildProduct,
  CATEGORIAS,
  findHeading,
  mockApi,
  type ApiHandlers,
} from '../../../testing/admin-api';
import { renderAsAdmin } from '../../testing/render-app';

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
      marca: null,
      especificaciones: [],
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

  it('guarda marca, SKU y especificaciones; el nombre sugiere los de la categoría', async () => {
    const created = buildProduct({ id: 98, nombre: 'SSD Kioxia' });
    const { user, callsTo } = await openNew({
      'POST /productos': { status: 201, body: created },
      'GET /productos': { body: [created] },
    });
    expect(field(/^SKU/)).toHaveAttribute(
      'placeholder',
      'Se genera al guardar si lo dejas vacío (NB-…)',
    );
    expect(screen.getByText('Sin especificaciones.')).toBeInTheDocument();
    await user.type(field('Nombre'), 'SSD Kioxia');
    await user.type(numberField('Precio (CLP)'), '45990');
    await user.type(numberField('Stock'), '4');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Categoría' }), 'Almacenamiento');
    await user.type(field(/^Marca/), 'Kioxia');
    await user.type(field(/^SKU/), 'kx-exc-1tb');

    await user.click(screen.getByRole('button', { name: 'Agregar especificación' }));
    const nombre1 = screen.getByRole('combobox', { name: 'Especificación 1' });
    expect(nombre1).toHaveFocus();
    const suggested = document.getElementById(nombre1.getAttribute('list')!)!;
    expect([...suggested.querySelectorAll('option')].map((o) => o.value).slice(0, 3)).toEqual([
      'Capacidad',
      'Interfaz',
      'Formato',
    ]);
    await user.type(nombre1, 'Capacidad');
    await user.type(field('Valor de la especificación 1'), '1 TB');
    await user.click(screen.getByRole('button', { name: 'Agregar especificación' }));
    await user.type(screen.getByRole('combobox', { name: 'Especificación 2' }), 'Color');
    await user.type(field('Valor de la especificación 2'), 'Negro');
    await user.click(screen.getByRole('button', { name: 'Agregar especificación' }));
    await user.type(screen.getByRole('combobox', { name: 'Especificación 3' }), 'Interfaz');
    await user.type(field('Valor de la especificación 3'), 'NVMe');
    await user.click(screen.getByRole('button', { name: 'Quitar especificación 2' }));
    expect(screen.getByRole('button', { name: 'Agregar especificación' })).toHaveFocus();
    await save('Crear producto');

    await findHeading('Productos');
    expect(callsTo('POST', '/productos')[0]?.body).toMatchObject({
      marca: 'Kioxia',
      sku: 'KX-EXC-1TB',
      especificaciones: [
        { nombre: 'Capacidad', valor: '1 TB' },
        { nombre: 'Interfaz', valor: 'NVMe' },
      ],
    });
  });

  it('una especificación a medias se marca en su fila y no llega a la API', async () => {
    const { user, calls } = await openNew();
    await user.type(field('Nombre'), 'X');
    await user.type(numberField('Precio (CLP)'), '1');
    await user.type(numberField('Stock'), '1');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Categoría' }), 'Periféricos');
    await user.click(screen.getByRole('button', { name: 'Agregar especificación' }));
    await user.type(screen.getByRole('combobox', { name: 'Especificación 1' }), 'DPI');
    await save('Crear producto');
    const valor = field('Valor de la especificación 1');
    expect(valor).toHaveAttribute('aria-invalid', 'true');
    expect(valor).toHaveAccessibleDescription(
      'Cada especificación necesita un nombre y un valor (hasta 40 y 100 caracteres).',
    );
    // Focus goes to the sheet's first field, the start of the rows to check.
    expect(screen.getByRole('combobox', { name: 'Especificación 1' })).toHaveFocus();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('un SKU que ya existe (409) se muestra en el campo SKU', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { user } = await openNew({
      'POST /productos': {
        status: 409,
        body: {
          message: 'Ya existe un producto con ese SKU.',
          errors: { sku: 'Ya existe un producto con ese SKU.' },
        },
      },
    });
    await user.type(field('Nombre'), 'Silla');
    await user.type(numberField('Precio (CLP)'), '1000');
    await user.type(numberField('Stock'), '1');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Categoría' }), 'Periféricos');
    await user.type(field(/^SKU/), 'LOG-G203');
    await save('Crear producto');
    const sku = field(/^SKU/);
    await vi.waitFor(() => expect(sku).toHaveAttribute('aria-invalid', 'true'));
    expect(sku).toHaveAccessibleDescription(/Ya existe un producto con ese SKU\./);
    expect(sku).toHaveFocus();
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
      marca: null,
      sku: 'NB-000001',
      especificaciones: [],
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
