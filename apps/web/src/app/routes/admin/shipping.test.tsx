import type { AjustesEnvio } from '@nexbyte/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findHeading, mockApi } from '../../../testing/admin-api';
import { buildShipping } from '../../../testing/order-fixtures';
import { renderAsAdmin } from '../../testing/render-app';

async function openScreen(settings: AjustesEnvio = buildShipping()) {
  const api = mockApi({
    'GET /envios': { body: settings },
    'PUT /envios': (body) => ({ body: { ...settings, ...(body as object) } }),
  });
  renderAsAdmin('/admin/envios');
  await findHeading('Envíos');
  await screen.findByRole('table', { name: 'Precio de despacho por región' });
  return { ...api, user: userEvent.setup() };
}

// Forms typed key by key: slow on a loaded machine.
describe('pantalla Envíos de la administración', { timeout: 15_000 }, () => {
  it('muestra las 16 regiones con su precio y umbral, y el retiro en tienda', async () => {
    await openScreen();
    expect(screen.getAllByRole('row')).toHaveLength(17);
    expect(screen.getByLabelText('Precio del despacho a Arica y Parinacota')).toHaveValue(7990);
    expect(screen.getByLabelText('Envío gratis desde, en Arica y Parinacota')).toHaveValue(150000);
    expect(screen.getByLabelText('Precio del despacho a Los Ríos')).toHaveValue(3990);
    expect(
      screen.getByRole('checkbox', { name: 'Ofrecer retiro en tienda (gratis)' }),
    ).toBeChecked();
    expect(screen.getByLabelText('Dirección de la tienda')).toHaveValue(
      'Av. Providencia 1234, local 5',
    );
  });

  it('guarda el precio de una región; un umbral vacío es null (nunca gratis)', async () => {
    const { user, callsTo } = await openScreen();
    const price = screen.getByLabelText('Precio del despacho a Los Ríos');
    await user.clear(price);
    await user.type(price, '5990');
    await user.clear(screen.getByLabelText('Envío gratis desde, en Los Ríos'));
    await user.click(screen.getByRole('button', { name: 'Guardar envíos' }));

    await waitFor(() => expect(callsTo('PUT', '/envios')).toHaveLength(1));
    const body = callsTo('PUT', '/envios')[0]!.body as AjustesEnvio;
    expect(body.regiones.find((t) => t.region === 'Los Ríos')).toEqual({
      region: 'Los Ríos',
      precio: 5990,
      envioGratisDesde: null,
    });
    expect(body.retiro).toMatchObject({ activo: true, comuna: 'Providencia' });
    expect(await screen.findByText('Envíos guardados')).toBeInTheDocument();
  });

  it('un precio vacío o negativo se corrige antes de llamar a la API', async () => {
    const { user, callsTo } = await openScreen();
    const price = screen.getByLabelText('Precio del despacho a Maule');
    await user.clear(price);
    await user.click(screen.getByRole('button', { name: 'Guardar envíos' }));
    expect(price).toHaveAccessibleDescription('Ingresa un precio de envío válido (0 o más).');
    expect(callsTo('PUT', '/envios')).toHaveLength(0);
  });

  it('sin punto de retiro configurado y apagado, guarda retiro: null', async () => {
    const { user, callsTo } = await openScreen(buildShipping({ retiro: null }));
    expect(
      screen.getByRole('checkbox', { name: 'Ofrecer retiro en tienda (gratis)' }),
    ).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Guardar envíos' }));
    await waitFor(() => expect(callsTo('PUT', '/envios')).toHaveLength(1));
    expect((callsTo('PUT', '/envios')[0]!.body as AjustesEnvio).retiro).toBeNull();
  });

  it('encender el retiro sin dirección ni horario lo impide con un mensaje', async () => {
    const { user, callsTo } = await openScreen(buildShipping({ retiro: null }));
    await user.click(screen.getByRole('checkbox', { name: 'Ofrecer retiro en tienda (gratis)' }));
    await user.click(screen.getByRole('button', { name: 'Guardar envíos' }));
    expect(screen.getByLabelText('Dirección de la tienda')).toHaveAccessibleDescription(
      'Ingresa la dirección de la tienda.',
    );
    expect(callsTo('PUT', '/envios')).toHaveLength(0);
  });
});
