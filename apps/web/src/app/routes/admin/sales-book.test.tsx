import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSalesBookRow } from '../../../testing/document-fixtures';
import { buildUser, storeSession } from '../../../testing/fixtures';
import { findHeading, mockApi } from '../../../testing/admin-api';
import { mockApi as mockFetchApi, NEVER } from '../../../testing/mock-api';
import { renderApp, renderAsAdmin } from '../../testing/render-app';

const BOLETA = buildSalesBookRow();
const FACTURA = buildSalesBookRow({
  codigoSii: 33,
  tipo: 'Factura electrónica',
  folio: 88,
  fecha: '2026-11-21',
  rutReceptor: '76123456-0',
  nombreReceptor: 'Hardware del Sur SpA',
  neto: 84025,
  iva: 15965,
  exento: 0,
  total: 99990,
  pedido: 'NB-000130',
});
const NOTA = buildSalesBookRow({
  codigoSii: 61,
  tipo: 'Nota de crédito electrónica',
  folio: 45,
  fecha: '2026-11-22',
  referencia: 'Boleta electrónica N° 123',
});
const TOTALES = { neto: 84025, iva: 15965, exento: 0, total: 99990 };

function openBook(url = '/admin/libro-ventas?desde=2026-11-01&hasta=2026-11-30') {
  const api = mockApi({
    'GET /documentos/libro-ventas': { body: { items: [BOLETA, FACTURA, NOTA], totales: TOTALES } },
  });
  const view = renderAsAdmin(url);
  return { api, ...view };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('el libro de ventas en la administración', () => {
  it('lista tipo, folio, fecha, RUT y nombre del receptor, montos, referencia y pedido, con los totales', async () => {
    const { api } = openBook();
    await findHeading('Libro de ventas');
    const table = await screen.findByRole('table', {
      name: 'Libro de ventas del 01-11-2026 al 30-11-2026',
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Tipo',
      'Folio',
      'Fecha',
      'RUT receptor',
      'Receptor',
      'Neto',
      'IVA',
      'Exento',
      'Total',
      'Referencia',
      'Pedido',
    ]);
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'TipoFolioFechaRUT receptorReceptorNetoIVAExentoTotalReferenciaPedido',
      'Boleta electrónica12320-11-202666.666.666-6Josefa Muñoz$36.950$7.020$0$43.970—NB-000123',
      'Factura electrónica8821-11-202676.123.456-0Hardware del Sur SpA$84.025$15.965$0$99.990—NB-000130',
      'Nota de crédito electrónica4522-11-202666.666.666-6Josefa Muñoz$36.950$7.020$0$43.970Boleta electrónica N° 123NB-000123',
      'Totales del período$84.025$15.965$0$99.990',
    ]);
    expect(within(rows[2]!).getByRole('rowheader')).toHaveTextContent('88');
    expect(within(rows[2]!).getByRole('link', { name: 'NB-000130' })).toHaveAttribute(
      'href',
      '/admin/pedidos/NB-000130',
    );
    expect(within(rows[4]!).getByRole('rowheader')).toHaveTextContent('Totales del período');
    expect(screen.getByText(/^3 documentos emitidos del 01-11-2026 al 30-11-2026/)).toHaveAttribute(
      'role',
      'status',
    );
    expect(Object.fromEntries(api.callsTo('GET', '/documentos/libro-ventas')[0]!.query)).toEqual({
      desde: '2026-11-01',
      hasta: '2026-11-30',
    });
  });

  it('por defecto muestra el mes en curso de Chile', async () => {
    // 23:00 del 30 de noviembre en Santiago, ya 1 de diciembre en UTC.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T02:00:00.000Z'));
    const { api } = openBook('/admin/libro-ventas');
    await screen.findByRole('table', { name: /Libro de ventas/ });
    expect(Object.fromEntries(api.callsTo('GET', '/documentos/libro-ventas')[0]!.query)).toEqual({
      desde: '2026-11-01',
      hasta: '2026-11-30',
    });
    expect(screen.getByLabelText('Desde')).toHaveValue('2026-11-01');
    expect(screen.getByLabelText('Hasta')).toHaveValue('2026-11-30');
  });

  it('otro período va a la dirección y se pide al servidor; uno al revés se explica', async () => {
    const { api, router } = openBook();
    await screen.findByRole('table', { name: /Libro de ventas/ });
    const user = userEvent.setup();
    const desde = screen.getByLabelText('Desde');
    const hasta = screen.getByLabelText('Hasta');

    await user.clear(hasta);
    await user.type(hasta, '2026-10-15');
    await user.click(screen.getByRole('button', { name: 'Ver período' }));
    expect(
      await screen.findByText('La fecha final no puede ser anterior a la inicial.'),
    ).toBeVisible();
    expect(hasta).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('GET', '/documentos/libro-ventas')).toHaveLength(1);

    await user.clear(desde);
    await user.type(desde, '2026-10-01');
    await user.click(screen.getByRole('button', { name: 'Ver período' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?desde=2026-10-01&hasta=2026-10-15'),
    );
    await waitFor(() =>
      expect(
        Object.fromEntries(api.callsTo('GET', '/documentos/libro-ventas').at(-1)!.query),
      ).toEqual({ desde: '2026-10-01', hasta: '2026-10-15' }),
    );
    expect(
      await screen.findByRole('table', { name: 'Libro de ventas del 01-10-2026 al 15-10-2026' }),
    ).toBeInTheDocument();
  });

  it('Descargar CSV baja el período con la sesión y como archivo', async () => {
    const api = mockApi({
      'GET /documentos/libro-ventas': { body: { items: [BOLETA], totales: TOTALES } },
      'GET /documentos/libro-ventas.csv': {
        raw: '\uFEFFTipo;Folio\n',
        headers: { 'Content-Type': 'text/csv; charset=utf-8' },
      },
    });
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderAsAdmin('/admin/libro-ventas?desde=2026-11-01&hasta=2026-11-30');
    await screen.findByRole('table', { name: /Libro de ventas/ });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Descargar CSV' }));

    await waitFor(() => expect(click).toHaveBeenCalled());
    const [call] = api.callsTo('GET', '/documentos/libro-ventas.csv');
    expect(Object.fromEntries(call!.query)).toEqual({ desde: '2026-11-01', hasta: '2026-11-30' });
    expect(call!.headers.get('Accept')).toBe('text/csv');
    expect(call!.authorization).toMatch(/^Bearer /);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(
      'libro-ventas-2026-11-01-a-2026-11-30.csv',
    );
    click.mockRestore();
  });

  it('si el CSV falla lo dice', async () => {
    mockApi({
      'GET /documentos/libro-ventas': { body: { items: [BOLETA], totales: TOTALES } },
      'GET /documentos/libro-ventas.csv': { status: 500, body: { message: 'Error interno.' } },
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderAsAdmin('/admin/libro-ventas?desde=2026-11-01&hasta=2026-11-30');
    await screen.findByRole('table', { name: /Libro de ventas/ });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Descargar CSV' }));
    expect(
      await screen.findByText('No se pudo descargar el CSV del libro de ventas.'),
    ).toBeVisible();
  });

  it("sin documentos dice 'No hay documentos emitidos en este período.'", async () => {
    mockApi({
      'GET /documentos/libro-ventas': {
        body: { items: [], totales: { neto: 0, iva: 0, exento: 0, total: 0 } },
      },
    });
    renderAsAdmin('/admin/libro-ventas?desde=2026-11-01&hasta=2026-11-30');
    expect(await screen.findByText('No hay documentos emitidos en este período.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('mientras carga lo dice', async () => {
    mockFetchApi({ 'GET /documentos/libro-ventas': NEVER });
    renderAsAdmin('/admin/libro-ventas');
    expect(await screen.findByText('Cargando el libro de ventas…')).toHaveAttribute(
      'role',
      'status',
    );
  });

  it("si no carga dice 'No se pudo cargar el libro de ventas.' y Reintentar lo trae", async () => {
    let fail = true;
    mockApi({
      'GET /documentos/libro-ventas': () =>
        fail
          ? { status: 400, body: { message: 'La solicitud no es válida.' } }
          : { body: { items: [BOLETA], totales: TOTALES } },
    });
    renderAsAdmin('/admin/libro-ventas');
    expect(await screen.findByText('No se pudo cargar el libro de ventas.')).toHaveAttribute(
      'role',
      'alert',
    );
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('table', { name: /Libro de ventas/ })).toBeInTheDocument();
  });

  it('a un VENDOR le dice que no tiene permiso, sin pedir nada a la API', async () => {
    const { fetchMock } = mockApi({});
    storeSession(buildUser({ id: 9, role: 'VENDOR', correo: 'vendedora@gmail.com' }));
    renderApp('/admin/libro-ventas');
    expect(await findHeading('No tienes permiso')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Libro de ventas' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
