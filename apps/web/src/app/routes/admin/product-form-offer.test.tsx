import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildProduct, CATEGORIAS, findHeading, mockApi } from '../../../testing/admin-api';
import { renderAsAdmin } from '../../testing/render-app';

// 'Oferta' in the product form: a sale price between two moments, typed in Chile's time.

const enOferta = buildProduct({
  id: 12,
  precio: 16990,
  precioNormal: 19990,
  oferta: { precio: 16990, desde: '2026-11-20T03:00:00.000Z', hasta: '2026-12-01T02:59:00.000Z' },
});

async function openEdit(product = enOferta) {
  const api = mockApi({
    'GET /categorias': { body: CATEGORIAS },
    [`GET /productos/${product.id}`]: { body: product },
    [`PUT /productos/${product.id}`]: (body) => ({ body: { ...product, ...(body as object) } }),
    'GET /productos': { body: [product] },
  });
  renderAsAdmin(`/admin/productos/editar/${product.id}`);
  await findHeading('Editar producto');
  await screen.findByDisplayValue(product.nombre);
  return api;
}

const field = (name: string | RegExp) => screen.getByLabelText(name);
const save = () => userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));

describe('oferta en el formulario de producto', () => {
  it('muestra el precio normal y la oferta en hora de Chile, y la guarda como instantes', async () => {
    const { callsTo } = await openEdit();
    expect(field('Precio (CLP)')).toHaveValue(19990);
    expect(field(/^Precio de oferta/)).toHaveValue(16990);
    expect(field(/^Desde/)).toHaveValue('2026-11-20T00:00');
    expect(field(/^Hasta/)).toHaveValue('2026-11-30T23:59');

    await userEvent.clear(field(/^Precio de oferta/));
    await userEvent.type(field(/^Precio de oferta/), '15990');
    await save();
    await findHeading('Productos');
    expect(callsTo('PUT', '/productos/12')[0]?.body).toMatchObject({
      precio: 19990,
      oferta: {
        precio: 15990,
        desde: '2026-11-20T03:00:00.000Z',
        hasta: '2026-12-01T02:59:00.000Z',
      },
    });
  });

  it('vaciar los tres campos quita la oferta', async () => {
    const { callsTo } = await openEdit();
    await userEvent.clear(field(/^Precio de oferta/));
    await userEvent.clear(field(/^Desde/));
    await userEvent.clear(field(/^Hasta/));
    await save();
    await findHeading('Productos');
    expect(callsTo('PUT', '/productos/12')[0]?.body).toMatchObject({ oferta: null });
  });

  it('una oferta que termina antes de empezar se explica junto a su término', async () => {
    const { callsTo } = await openEdit(buildProduct({ id: 12 }));
    await userEvent.type(field(/^Precio de oferta/), '9990');
    await userEvent.type(field(/^Desde/), '2026-12-10T10:00');
    await userEvent.type(field(/^Hasta/), '2026-12-01T10:00');
    await save();
    expect(await screen.findByText('La oferta debe terminar después de empezar.')).toBeVisible();
    expect(field(/^Hasta/)).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('PUT', '/productos/12')).toEqual([]);
  });
});
