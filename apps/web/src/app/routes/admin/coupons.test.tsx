import type { Cupon, CuponInput } from '@nexbyte/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findHeading, mockApi } from '../../../testing/admin-api';
import { renderAsAdmin } from '../../testing/render-app';

const NEX10: Cupon = {
  id: 1,
  codigo: 'NEX10',
  tipo: 'percent',
  valor: 10,
  label: '10% de descuento',
  validoDesde: null,
  validoHasta: null,
  minimoSubtotal: 0,
  limiteTotal: 100,
  limitePorCliente: 1,
  activo: true,
  usos: 3,
  createdAt: '2026-11-20T12:00:00.000Z',
};

async function openScreen() {
  let coupons = [NEX10];
  const api = mockApi({
    'GET /cupones': () => ({ body: coupons }),
    'POST /cupones': (body) => {
      const created = { ...(body as CuponInput), id: 2, usos: 0, createdAt: NEX10.createdAt };
      coupons = [...coupons, created as Cupon];
      return { status: 201, body: created };
    },
    'PUT /cupones/1': (body) => {
      const saved = { ...NEX10, ...(body as object) } as Cupon;
      coupons = [saved];
      return { body: saved };
    },
  });
  renderAsAdmin('/admin/cupones');
  await findHeading('Cupones');
  await screen.findByRole('table', { name: 'Cupones' });
  return { ...api, user: userEvent.setup() };
}

// Forms typed key by key: slow on a loaded machine.
describe('pantalla Cupones de la administración', { timeout: 15_000 }, () => {
  it('lista los cupones con su valor, usos sobre el límite y estado', async () => {
    await openScreen();
    const row = screen.getByRole('row', { name: /NEX10/ });
    expect(within(row).getByText('10 %')).toBeInTheDocument();
    expect(within(row).getByText('3 de 100')).toBeInTheDocument();
    expect(within(row).getByText('Activo')).toHaveClass('badge--success');
  });

  it('crea un cupón de monto con límites; vacío significa sin límite', async () => {
    const { user, callsTo } = await openScreen();
    const form = screen.getByRole('region', { name: 'Nuevo cupón' });
    await user.type(within(form).getByLabelText(/^Código/), 'verano5k');
    await user.selectOptions(within(form).getByLabelText('Tipo'), 'amount');
    await user.type(within(form).getByLabelText('Monto en pesos'), '5000');
    await user.type(within(form).getByLabelText(/^Etiqueta/), '$5.000 de descuento');
    await user.clear(within(form).getByLabelText('Compra mínima'));
    await user.type(within(form).getByLabelText('Compra mínima'), '30000');
    await user.type(within(form).getByLabelText(/^Usos en total/), '5');
    await user.click(within(form).getByRole('button', { name: 'Crear cupón' }));

    await waitFor(() => expect(callsTo('POST', '/cupones')).toHaveLength(1));
    expect(callsTo('POST', '/cupones')[0]!.body).toEqual({
      codigo: 'VERANO5K',
      tipo: 'amount',
      valor: 5000,
      label: '$5.000 de descuento',
      validoDesde: null,
      validoHasta: null,
      minimoSubtotal: 30000,
      limiteTotal: 5,
      limitePorCliente: null,
      activo: true,
    });
    expect(await screen.findByRole('row', { name: /VERANO5K/ })).toBeInTheDocument();
  });

  it('un porcentaje sobre 100 y una fecha de término anterior se corrigen antes de llamar a la API', async () => {
    const { user, callsTo } = await openScreen();
    const form = screen.getByRole('region', { name: 'Nuevo cupón' });
    await user.type(within(form).getByLabelText(/^Código/), 'MAL');
    await user.type(within(form).getByLabelText('Porcentaje'), '150');
    await user.type(within(form).getByLabelText(/^Etiqueta/), 'Malo');
    await user.type(within(form).getByLabelText(/^Válido desde/), '2026-12-10T10:00');
    await user.type(within(form).getByLabelText(/^Válido hasta/), '2026-12-01T10:00');
    await user.click(within(form).getByRole('button', { name: 'Crear cupón' }));
    expect(within(form).getByLabelText('Porcentaje')).toHaveAccessibleDescription(
      'El porcentaje debe estar entre 1 y 100.',
    );
    expect(within(form).getByLabelText(/^Válido hasta/)).toHaveAccessibleDescription(
      'La fecha de término debe ser posterior a la de inicio.',
    );
    expect(callsTo('POST', '/cupones')).toHaveLength(0);
  });

  it('edita un cupón en un diálogo y lo desactiva', async () => {
    const { user, callsTo } = await openScreen();
    await user.click(screen.getByRole('button', { name: 'Editar NEX10' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar NEX10' });
    const value = within(dialog).getByLabelText('Porcentaje');
    expect(value).toHaveValue(10);
    await user.clear(value);
    await user.type(value, '15');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Activo' }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));

    await waitFor(() => expect(callsTo('PUT', '/cupones/1')).toHaveLength(1));
    expect(callsTo('PUT', '/cupones/1')[0]!.body).toMatchObject({
      codigo: 'NEX10',
      valor: 15,
      activo: false,
      limiteTotal: 100,
      limitePorCliente: 1,
    });
    const row = await screen.findByRole('row', { name: /NEX10/ });
    await waitFor(() => expect(within(row).getByText('Inactivo')).toBeInTheDocument());
  });
});
