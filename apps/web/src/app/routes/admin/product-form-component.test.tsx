import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildProduct, CATEGORIAS, findHeading, mockApi } from '../../../testing/admin-api';
import { renderAsAdmin } from '../../testing/render-app';

// 'Componente de PC' in the product form: the kind, then its typed values (decision 032).

const select = (name: string | RegExp) => screen.getByRole('combobox', { name });
const numberField = (name: string | RegExp) => screen.getByRole('spinbutton', { name });
const save = (name: string) => userEvent.click(screen.getByRole('button', { name }));

const cooler = buildProduct({
  id: 30,
  nombre: 'Cooler Noctua NH-U12S',
  precio: 79990,
  stock: 4,
  componente: {
    tipo: 'REFRIGERACION',
    refrigeracion: 'Aire',
    socketsCompatibles: ['AM5', 'LGA1700'],
    alturaMm: 158,
    consumoW: 3,
  },
});

async function openEdit(product = cooler) {
  const api = mockApi({
    'GET /categorias': { body: CATEGORIAS },
    [`GET /productos/${product.id}`]: { body: product },
    [`PUT /productos/${product.id}`]: (body) => ({ body: { ...product, ...(body as object) } }),
    'GET /productos': { body: [product] },
  });
  renderAsAdmin(`/admin/productos/editar/${product.id}`);
  await findHeading('Editar producto');
  await screen.findByDisplayValue(product.nombre);
  return { ...api, user: userEvent.setup() };
}

describe('componente de PC en el formulario de producto', () => {
  it('un producto existente muestra sus valores tipados, con unidades y la lista de sockets', async () => {
    await openEdit();
    expect(select('Tipo de componente')).toHaveDisplayValue('Refrigeración');
    expect(select(/^Refrigeración/)).toHaveDisplayValue('Aire');
    expect(numberField(/^Altura \(mm\)/)).toHaveValue(158);
    expect(numberField(/^Consumo \(W\)/)).toHaveValue(3);
    const sockets = screen.getByRole('group', { name: /^Sockets compatibles/ });
    expect(within(sockets).getByRole('checkbox', { name: 'AM5' })).toBeChecked();
    expect(within(sockets).getByRole('checkbox', { name: 'LGA1700' })).toBeChecked();
    expect(within(sockets).getByRole('checkbox', { name: 'AM4' })).not.toBeChecked();
  });

  it('guarda los valores del tipo elegido como números, listas y sí/no', async () => {
    const { user, callsTo } = await openEdit();
    await user.click(screen.getByRole('checkbox', { name: 'AM4' }));
    await user.clear(numberField(/^Altura \(mm\)/));
    await user.type(numberField(/^Altura \(mm\)/), '165');
    await save('Guardar cambios');
    await findHeading('Productos');
    expect(callsTo('PUT', '/productos/30')[0]?.body).toMatchObject({
      componente: {
        tipo: 'REFRIGERACION',
        refrigeracion: 'Aire',
        socketsCompatibles: ['AM4', 'AM5', 'LGA1700'],
        alturaMm: 165,
        consumoW: 3,
      },
    });
  });

  it('al cambiar de tipo se ven los campos del nuevo y no se arrastran los del anterior', async () => {
    const { user, callsTo } = await openEdit();
    await user.selectOptions(select('Tipo de componente'), 'Procesador');
    expect(screen.queryByRole('group', { name: /^Sockets compatibles/ })).not.toBeInTheDocument();
    await user.selectOptions(select(/^Socket/), 'AM5');
    await user.type(numberField(/^Potencia máxima sostenida \(W\)/), '88');
    await user.selectOptions(select(/^Gráficos integrados/), 'Sí');
    await save('Guardar cambios');
    await findHeading('Productos');
    expect(callsTo('PUT', '/productos/30')[0]?.body).toMatchObject({
      componente: { tipo: 'PROCESADOR', socket: 'AM5', tdpW: 88, graficosIntegrados: true },
    });
    expect(
      (callsTo('PUT', '/productos/30')[0]?.body as { componente: object }).componente,
    ).not.toHaveProperty('consumoW');
  });

  it('un valor fuera de rango muestra el mensaje del esquema compartido y no guarda', async () => {
    const { user, calls } = await openEdit();
    await user.clear(numberField(/^Altura \(mm\)/));
    await user.type(numberField(/^Altura \(mm\)/), '0');
    await save('Guardar cambios');
    expect(await screen.findByText('Debe ser un número entero mayor que 0.')).toBeInTheDocument();
    expect(numberField(/^Altura \(mm\)/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it("'No es un componente de PC' quita la especificación guardada (null)", async () => {
    const { user, callsTo } = await openEdit();
    await user.selectOptions(select('Tipo de componente'), 'No es un componente de PC');
    await save('Guardar cambios');
    await findHeading('Productos');
    expect(callsTo('PUT', '/productos/30')[0]?.body).toMatchObject({ componente: null });
  });
});
