import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buildDocument, pendingDocument } from '../../../testing/document-fixtures';
import { buildUser, storeSession } from '../../../testing/fixtures';
import { mockApi, NEVER, type MockHandler } from '../../../testing/mock-api';
import { buildOrder, buildPaidWebpayOrder } from '../../../testing/order-fixtures';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { rememberGuestOrderAccess } from '../guest-order-access';
import { OrderLookup } from './order-lookup';
import { LOAD_DOCUMENTS_ERROR } from './order-documents';

function renderOrderPage(documents: MockHandler, order = buildPaidWebpayOrder()) {
  const api = mockApi({
    'GET /pedidos/NB-000123': { body: order },
    'GET /pedidos/NB-000123/documentos': documents,
  });
  renderWithProviders(
    [
      {
        path: '/pedido/:numero',
        Component: function Page() {
          return <OrderLookup numero={useParams().numero!} />;
        },
      },
    ],
    '/pedido/NB-000123',
  );
  return api;
}

const documentsRegion = () => screen.findByRole('region', { name: 'Documentos tributarios' });

describe('los documentos tributarios en la página del pedido', () => {
  it("enlaza el PDF de la boleta emitida con su nombre, 'Boleta electrónica N° 123'", async () => {
    rememberGuestOrderAccess('NB-000123', 'token-del-pedido');
    const api = renderOrderPage({ body: { items: [buildDocument()] } });

    const region = await documentsRegion();
    const link = await within(region).findByRole('link', { name: 'Boleta electrónica N° 123' });
    expect(link).toHaveAttribute('href', '/api/documentos/1/pdf?t=firma');
    expect(link).toHaveAttribute('type', 'application/pdf');
    expect(region).toHaveTextContent('Emitida el 20-11-2026 · $43.970');
    // The guest's token goes in the header, as for the order itself.
    const [call] = api.callsTo('GET', '/pedidos/NB-000123/documentos');
    expect(call!.headers.get('Pedido-Acceso')).toBe('token-del-pedido');
    expect([...call!.query.keys()]).toEqual([]);
  });

  it("mientras se emite dice 'Tu boleta se está emitiendo.' sin enlace", async () => {
    storeSession(buildUser());
    renderOrderPage({ body: { items: [pendingDocument()] } });
    const region = await documentsRegion();
    expect(await within(region).findByText('Tu boleta se está emitiendo.')).toBeVisible();
    expect(within(region).queryByRole('link')).toBeNull();
  });

  it('una factura rechazada por el proveedor no muestra su motivo al cliente', async () => {
    storeSession(buildUser());
    renderOrderPage({
      body: {
        items: [pendingDocument({ clase: 'FACTURA', codigoSii: 33, estado: 'RECHAZADO' })],
      },
    });
    const region = await documentsRegion();
    expect(
      await within(region).findByText(
        'Tu factura aún no está lista: la estamos revisando y la verás aquí.',
      ),
    ).toBeVisible();
  });

  it('un pedido cancelado muestra la boleta anulada y la nota de crédito que la anula', async () => {
    storeSession(buildUser());
    const order = buildPaidWebpayOrder({
      estado: 'CANCELADO',
      eventos: [
        { de: null, a: 'PENDIENTE_PAGO', por: null, at: '2026-11-20T15:30:00.000Z' },
        { de: 'PENDIENTE_PAGO', a: 'PAGADO', por: null, at: '2026-11-20T15:35:00.000Z' },
        { de: 'PAGADO', a: 'CANCELADO', por: null, at: '2026-11-21T12:00:00.000Z' },
      ],
    });
    renderOrderPage(
      {
        body: {
          items: [
            buildDocument({ estado: 'ANULADO' }),
            buildDocument({
              id: 2,
              clase: 'NOTA_CREDITO',
              codigoSii: 61,
              folio: 45,
              etiqueta: 'Nota de crédito electrónica N° 45',
              pdfUrl: '/api/documentos/2/pdf?t=firma',
              referenciaFolio: 123,
              emitidoAt: '2026-11-21T12:01:00.000Z',
            }),
          ],
        },
      },
      order,
    );
    const region = await documentsRegion();
    const [boleta, nota] = await within(region).findAllByRole('listitem');
    expect(within(boleta!).getByRole('link', { name: 'Boleta electrónica N° 123' })).toBeVisible();
    expect(boleta).toHaveTextContent('anulada por una nota de crédito');
    expect(
      within(nota!).getByRole('link', { name: 'Nota de crédito electrónica N° 45' }),
    ).toHaveAttribute('href', '/api/documentos/2/pdf?t=firma');
    expect(nota).toHaveTextContent('anula Boleta electrónica N° 123');
  });

  it('sin documentos (la tienda no los emite) no muestra la sección', async () => {
    storeSession(buildUser());
    const api = renderOrderPage({ body: { items: [] } });
    await screen.findByRole('region', { name: 'Productos' });
    await expect.poll(() => api.callsTo('GET', '/pedidos/NB-000123/documentos').length).toBe(1);
    // The empty answer removes the loading section.
    await expect
      .poll(() => screen.queryByRole('region', { name: 'Documentos tributarios' }))
      .toBeNull();
    // Only the document asked for is named ('Documento: Boleta electrónica'), none issued.
    expect(screen.queryByText(/Boleta electrónica N°/)).toBeNull();
  });

  it('un pedido que nunca se pagó no pregunta por documentos', async () => {
    storeSession(buildUser());
    const api = renderOrderPage(NEVER, buildOrder({ invitado: false }));
    await screen.findByRole('region', { name: 'Productos' });
    expect(api.callsTo('GET', '/pedidos/NB-000123/documentos')).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Documentos tributarios' })).toBeNull();
  });

  it("mientras carga dice 'Cargando los documentos…'", async () => {
    storeSession(buildUser());
    renderOrderPage(NEVER);
    const region = await documentsRegion();
    expect(within(region).getByRole('status')).toHaveTextContent('Cargando los documentos…');
  });

  it("si no cargan dice que no pudo y 'Reintentar' los trae", async () => {
    storeSession(buildUser());
    let fail = true;
    renderOrderPage(() =>
      fail
        ? { status: 404, body: { message: 'Pedido no encontrado.' } }
        : { body: { items: [buildDocument()] } },
    );
    const region = await documentsRegion();
    expect(await within(region).findByText(LOAD_DOCUMENTS_ERROR)).toBeVisible();
    fail = false;
    await userEvent.setup().click(within(region).getByRole('button', { name: 'Reintentar' }));
    expect(
      await within(region).findByRole('link', { name: 'Boleta electrónica N° 123' }),
    ).toBeVisible();
  });
});
