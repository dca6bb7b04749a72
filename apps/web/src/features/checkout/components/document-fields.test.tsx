import type { CotizacionRequest, EmpresaGuardada } from '@nexbyte/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../testing/fixtures';
import { mockApi, type MockCall, type MockHandler } from '../../../testing/mock-api';
import {
  buildConfig,
  buildOrder,
  buildQuote,
  buildShipping,
} from '../../../testing/order-fixtures';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { CheckoutPage } from './checkout-page';

const ITEMS = [
  {
    id: 12,
    nombre: 'Mouse Logitech G203',
    precio: 19990,
    imagen: '/img/categorias/perifericos.svg',
    stock: 35,
    qty: 2,
  },
];

const SUR: EmpresaGuardada = {
  id: 4,
  rut: '76123456-0',
  razonSocial: 'Hardware del Sur SpA',
  giro: 'Venta de equipos computacionales',
  direccion: 'Av. Alemania 671',
  region: 'La Araucanía',
  comuna: 'Temuco',
};

/** The quote answers what it was asked: a factura's carries its neto. */
function quoteFor(call: MockCall) {
  const body = call.body as CotizacionRequest;
  const total = 43970;
  return {
    body:
      body.documento === 'FACTURA'
        ? buildQuote({ documento: 'FACTURA', neto: 36950, iva: 7020, total })
        : buildQuote(),
  };
}

function renderCheckout(companies: EmpresaGuardada[] = [], placed?: MockHandler) {
  const api = mockApi({
    'GET /config': { body: buildConfig({ metodos: ['TRANSFERENCIA'] }) },
    'GET /envios': { body: buildShipping() },
    'POST /pedidos/cotizacion': quoteFor,
    'GET /cuenta/empresas': { body: { items: companies } },
    'POST /pedidos': placed ?? { status: 201, body: { ...buildOrder(), acceso: null, pago: null } },
  });
  const onPlaced = vi.fn();
  renderWithProviders(
    <CheckoutPage
      items={ITEMS}
      coupon={null}
      user={buildUser()}
      onUpdateCart={() => {}}
      onPlaced={onPlaced}
    />,
  );
  return { api, onPlaced };
}

const documentGroup = () => screen.getByRole('group', { name: 'Documento tributario' });
const confirm = () => screen.getByRole('button', { name: 'Confirmar pedido' });

describe('Documento tributario en el checkout', () => {
  // The form is a chunk of its own (an empty cart never loads it); loaded once here, as the first
  // test would otherwise spend its wait on compiling it.
  beforeAll(() => import('./checkout-form'));

  it('pide boleta por defecto y no pregunta por empresas', async () => {
    const { api } = renderCheckout();
    await waitFor(() => expect(confirm()).toBeEnabled());
    const group = within(documentGroup());
    expect(group.getByRole('radio', { name: 'Boleta' })).toBeChecked();
    expect(group.getByRole('radio', { name: 'Factura' })).not.toBeChecked();
    expect(group.queryByLabelText('RUT de la empresa')).toBeNull();
    expect(api.callsTo('GET', '/cuenta/empresas')).toHaveLength(0);
    expect(api.callsTo('POST', '/pedidos/cotizacion')[0]!.body).not.toHaveProperty('documento');
  });

  it('con factura pide cada dato de la empresa con mensajes en español junto a cada campo', async () => {
    const { api } = renderCheckout();
    const user = userEvent.setup();
    await waitFor(() => expect(confirm()).toBeEnabled());
    await user.click(within(documentGroup()).getByRole('radio', { name: 'Factura' }));
    await waitFor(() => expect(confirm()).toBeEnabled());

    await user.click(confirm());

    const group = within(documentGroup());
    const rut = group.getByLabelText('RUT de la empresa');
    expect(rut).toHaveAccessibleDescription(
      'Ej.: 76.123.456-0 Ingresa un RUT de empresa válido (ej: 76.123.456-0).',
    );
    expect(rut).toHaveAttribute('aria-invalid', 'true');
    // The keyboard lands on the first field to fix, not on the document's radios.
    expect(rut).toHaveFocus();
    expect(group.getByLabelText('Razón social')).toHaveAccessibleDescription(
      'Ingresa la razón social.',
    );
    expect(group.getByLabelText('Giro')).toHaveAccessibleDescription(
      'Ingresa el giro de la empresa.',
    );
    expect(group.getByLabelText('Dirección de la empresa')).toHaveAccessibleDescription(
      'Ingresa la dirección de la empresa.',
    );
    expect(group.getByLabelText('Región')).toHaveAccessibleDescription(
      'Selecciona la región de la empresa.',
    );
    expect(api.callsTo('POST', '/pedidos')).toHaveLength(0);
  });

  it('muestra el RUT con puntos y guion, el neto y el IVA, y envía la factura', async () => {
    const { api, onPlaced } = renderCheckout();
    const user = userEvent.setup();
    await waitFor(() => expect(confirm()).toBeEnabled());
    await user.click(within(documentGroup()).getByRole('radio', { name: 'Factura' }));

    const summary = screen.getByRole('complementary', { name: 'Resumen del pedido' });
    const breakdown = await within(summary).findByLabelText('Desglose de la factura');
    expect(breakdown).toHaveTextContent('Neto$36.950');
    expect(breakdown).toHaveTextContent('IVA (19 %)$7.020');
    expect(breakdown).toHaveTextContent('Total$43.970');
    expect(api.callsTo('POST', '/pedidos/cotizacion').at(-1)!.body).toMatchObject({
      documento: 'FACTURA',
    });

    const group = within(documentGroup());
    await user.type(group.getByLabelText('RUT de la empresa'), '761234560');
    expect(group.getByLabelText('RUT de la empresa')).toHaveValue('76.123.456-0');
    await user.type(group.getByLabelText('Razón social'), 'Hardware del Sur SpA');
    await user.type(group.getByLabelText('Giro'), 'Venta de equipos computacionales');
    await user.type(group.getByLabelText('Dirección de la empresa'), 'Av. Alemania 671');
    await user.selectOptions(group.getByLabelText('Región'), 'La Araucanía');
    await user.selectOptions(group.getByLabelText('Comuna'), 'Temuco');
    await waitFor(() => expect(confirm()).toBeEnabled());
    await user.click(confirm());

    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(api.callsTo('POST', '/pedidos')[0]!.body).toMatchObject({
      documento: {
        tipo: 'FACTURA',
        empresa: {
          rut: '76123456-0',
          razonSocial: 'Hardware del Sur SpA',
          giro: 'Venta de equipos computacionales',
          direccion: 'Av. Alemania 671',
          region: 'La Araucanía',
          comuna: 'Temuco',
        },
      },
    });
  }, 15_000);

  it('un cliente elige una de sus empresas guardadas y la envía', async () => {
    const { api } = renderCheckout([SUR]);
    const user = userEvent.setup();
    await waitFor(() => expect(confirm()).toBeEnabled());
    await user.click(within(documentGroup()).getByRole('radio', { name: 'Factura' }));

    const group = within(documentGroup());
    const picker = await group.findByRole('combobox', { name: 'Empresa' });
    await user.selectOptions(picker, 'Hardware del Sur SpA (76.123.456-0)');
    expect(group.getByLabelText('RUT de la empresa')).toHaveValue('76.123.456-0');
    expect(group.getByLabelText('Giro')).toHaveValue(SUR.giro);
    expect(group.getByLabelText('Comuna')).toHaveValue('Temuco');
    await waitFor(() => expect(confirm()).toBeEnabled());
    await user.click(confirm());

    await waitFor(() => expect(api.callsTo('POST', '/pedidos')).toHaveLength(1));
    const { id: _id, ...empresa } = SUR;
    expect(api.callsTo('POST', '/pedidos')[0]!.body).toMatchObject({
      documento: { tipo: 'FACTURA', empresa },
    });
  });

  it('lo que el servidor objeta del documento se dice en su grupo', async () => {
    const rut = 'Ingresa un RUT de empresa válido (ej: 76.123.456-0).';
    const refused = {
      status: 400,
      body: { message: 'Revisa los datos ingresados.', errors: { documento: rut } },
    };
    renderCheckout([SUR], refused);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();
    await waitFor(() => expect(confirm()).toBeEnabled());
    await user.click(within(documentGroup()).getByRole('radio', { name: 'Factura' }));
    const group = within(documentGroup());
    await user.selectOptions(await group.findByRole('combobox', { name: 'Empresa' }), '4');
    await waitFor(() => expect(confirm()).toBeEnabled());
    await user.click(confirm());
    expect(await group.findByText(rut)).toBeInTheDocument();
  });
});
