import { hoyEnChile, ivaIncluded } from '@nexbyte/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildProducto } from '../../../../testing/catalog-api';
import { mockApi } from '../../../../testing/mock-api';
import { renderWithProviders } from '../../../../testing/render-with-providers';
import { addDays, QuoteEditor } from './quote-editor';

afterEach(() => vi.unstubAllGlobals());

const fuente = buildProducto({
  id: 12,
  nombre: 'Fuente 650W 80 Plus Bronze',
  precio: 54990,
  stock: 3,
});

function totals() {
  const total = screen.getByText('Total', { selector: 'dt' }).nextElementSibling;
  const iva = screen.getByText('IVA incluido', { selector: 'dt' }).nextElementSibling;
  return { total: total?.textContent, iva: iva?.textContent };
}

const clp = (n: number) => `$${n.toLocaleString('es-CL')}`;

describe('editor de cotizaciones', () => {
  it('suma mano de obra y repuestos con el IVA incluido mientras se escribe', async () => {
    mockApi({ 'GET /productos': { body: [fuente], headers: { 'X-Total-Count': '1' } } });
    const user = userEvent.setup();
    renderWithProviders(<QuoteEditor ticketId={7} />);

    // The first line is a diagnosis at its suggested price.
    expect(screen.getByLabelText('Servicio (línea 1)')).toHaveValue('Diagnóstico');
    expect(screen.getByLabelText('Precio unitario (línea 1)')).toHaveValue(15000);
    expect(totals()).toEqual({ total: clp(15000), iva: clp(ivaIncluded(15000)) });

    // Another service starts at its own suggested price; the quantity multiplies it.
    await user.selectOptions(screen.getByLabelText('Servicio (línea 1)'), 'Mantención preventiva');
    expect(screen.getByLabelText('Precio unitario (línea 1)')).toHaveValue(25000);
    await user.clear(screen.getByLabelText('Cantidad (línea 1)'));
    await user.type(screen.getByLabelText('Cantidad (línea 1)'), '2');
    expect(totals().total).toBe(clp(50000));

    // The desk may change the price.
    await user.click(screen.getByRole('button', { name: 'Agregar mano de obra' }));
    await user.clear(screen.getByLabelText('Precio unitario (línea 2)'));
    await user.type(screen.getByLabelText('Precio unitario (línea 2)'), '10000');
    expect(totals().total).toBe(clp(60000));

    // A part from the catalogue counts at its price, shown with its stock.
    await user.type(screen.getByLabelText('Buscar repuesto'), 'fuente');
    await user.click(await screen.findByRole('button', { name: `Agregar ${fuente.nombre}` }));
    const part = screen.getByText('Repuesto (línea 3)').parentElement!;
    expect(within(part).getByText(fuente.nombre)).toBeInTheDocument();
    expect(within(part).getByText(/stock 3/)).toBeInTheDocument();
    expect(totals()).toEqual({ total: clp(114990), iva: clp(ivaIncluded(114990)) });

    await user.click(screen.getByRole('button', { name: 'Quitar línea 1' }));
    expect(totals().total).toBe(clp(64990));
  });

  it('vale 7 días por defecto y envía la cotización con sus líneas', async () => {
    const api = mockApi({
      'POST /soporte/7/cotizacion': { status: 201, body: { id: 7, numero: 'ST-000007' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<QuoteEditor ticketId={7} />);
    expect(screen.getByLabelText('Válida hasta')).toHaveValue(addDays(hoyEnChile(), 7));

    await user.type(screen.getByLabelText('Diagnóstico'), 'Ventilador del procesador trabado.');
    await user.click(screen.getByRole('button', { name: 'Enviar cotización' }));

    await waitFor(() => expect(api.callsTo('POST', '/soporte/7/cotizacion')).toHaveLength(1));
    expect(api.callsTo('POST', '/soporte/7/cotizacion')[0]?.body).toEqual({
      diagnostico: 'Ventilador del procesador trabado.',
      lineas: [
        {
          tipo: 'SERVICIO',
          servicio: 'Diagnóstico',
          descripcion: null,
          precioUnitario: 15000,
          cantidad: 1,
        },
      ],
      validaHasta: addDays(hoyEnChile(), 7),
      nota: null,
    });
  });

  it('muestra junto a su campo el error del servidor', async () => {
    mockApi({
      'POST /soporte/7/cotizacion': {
        status: 400,
        body: {
          message: 'Revisa los datos.',
          errors: { validaHasta: 'La cotización debe valer al menos hasta hoy.' },
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<QuoteEditor ticketId={7} />);
    await user.type(screen.getByLabelText('Diagnóstico'), 'Ventilador del procesador trabado.');
    await user.click(screen.getByRole('button', { name: 'Enviar cotización' }));

    expect(
      await screen.findByText('La cotización debe valer al menos hasta hoy.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Válida hasta')).toHaveFocus();
  });

  it('muestra junto a su línea el error del servidor sobre esa línea', async () => {
    mockApi({
      'POST /soporte/7/cotizacion': {
        status: 400,
        body: {
          message: 'Revisa los datos.',
          errors: { 'lineas.0.cantidad': 'La cantidad debe estar entre 1 y 10.' },
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<QuoteEditor ticketId={7} />);
    await user.type(screen.getByLabelText('Diagnóstico'), 'Ventilador del procesador trabado.');
    await user.click(screen.getByRole('button', { name: 'Enviar cotización' }));

    expect(await screen.findByText('La cantidad debe estar entre 1 y 10.')).toBeInTheDocument();
    expect(screen.getByLabelText('Cantidad (línea 1)')).toHaveAccessibleDescription(
      'La cantidad debe estar entre 1 y 10.',
    );
    expect(screen.queryByText('Revisa los datos.')).not.toBeInTheDocument();
  });
});
