import type { DocumentoTributario, Pedido } from '@nexbyte/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buildDocument, pendingDocument } from '../../../../testing/document-fixtures';
import { buildUser, storeSession } from '../../../../testing/fixtures';
import { mockApi, NEVER, type MockHandler } from '../../../../testing/mock-api';
import { buildOrder, buildPaidWebpayOrder } from '../../../../testing/order-fixtures';
import { renderWithProviders } from '../../../../testing/render-with-providers';
import { AdminOrderDetail } from './admin-order-detail';

const MOTIVO = 'El SII rechazó el documento: el RUT del receptor no es válido.';

const REFUSED = buildDocument({
  id: 7,
  estado: 'RECHAZADO',
  folio: null,
  etiqueta: 'Boleta electrónica',
  pdfUrl: null,
  emitidoAt: null,
  motivo: MOTIVO,
  intentos: 3,
  proveedorId: null,
  trackId: null,
});

function renderDetail(handlers: Record<string, MockHandler>, order = buildPaidWebpayOrder()) {
  storeSession(buildUser({ id: 1, role: 'ADMIN', correo: 'admin@duoc.cl' }));
  const api = mockApi({ 'GET /pedidos/NB-000123': { body: order }, ...handlers });
  renderWithProviders(
    [
      {
        path: '/admin/pedidos/:numero',
        Component: function Detail() {
          return <AdminOrderDetail numero={useParams().numero!} />;
        },
      },
    ],
    '/admin/pedidos/NB-000123',
  );
  return api;
}

const documentsRegion = () => screen.findByRole('region', { name: 'Documentos tributarios' });

describe('los documentos tributarios en el detalle del pedido (administración)', () => {
  it('muestran clase, folio, estado, fecha, total y el enlace al PDF', async () => {
    renderDetail({
      'GET /pedidos/NB-000123/documentos': {
        body: { items: [buildDocument({ intentos: 1, proveedorId: 'of-991', trackId: '555' })] },
      },
    });
    const region = await documentsRegion();
    const table = await within(region).findByRole('table', {
      name: 'Documentos tributarios del pedido NB-000123',
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Documento', 'Folio', 'Estado', 'Fecha', 'Total', 'PDF']);
    const [, row] = within(table).getAllByRole('row');
    expect(within(row!).getByRole('rowheader')).toHaveTextContent('Boleta electrónica');
    expect(row).toHaveTextContent('123');
    expect(within(row!).getByText('Emitido')).toHaveClass('badge', 'badge--success');
    expect(row).toHaveTextContent('20-11-2026, 12:36');
    expect(row).toHaveTextContent('$43.970');
    expect(within(row!).getByRole('link', { name: 'Boleta electrónica N° 123' })).toHaveAttribute(
      'href',
      '/api/documentos/1/pdf?t=firma',
    );
    expect(within(region).queryByRole('button', { name: /Reintentar/ })).toBeNull();
  });

  it('un documento rechazado muestra el motivo del proveedor y Reintentar lo vuelve a encolar', async () => {
    let documents: DocumentoTributario[] = [REFUSED];
    const api = renderDetail({
      'GET /pedidos/NB-000123/documentos': () => ({ body: { items: documents } }),
      'POST /admin/documentos/:id/reintentar': () => {
        documents = [{ ...REFUSED, estado: 'PENDIENTE', motivo: null }];
        return { body: documents[0] };
      },
    });
    const region = await documentsRegion();
    expect(await within(region).findByText(MOTIVO)).toBeVisible();
    expect(within(region).getByText('Rechazado')).toHaveClass('badge--danger');
    expect(within(region).getByText('3 intentos')).toBeVisible();
    const button = within(region).getByRole('button', {
      name: 'Reintentar la boleta electrónica',
    });
    await userEvent.setup().click(button);

    const notifications = screen.getByRole('region', { name: 'Notificaciones' });
    const polite = within(notifications).getByRole('status');
    expect(polite).toHaveAttribute('aria-live', 'polite');
    expect(
      await within(polite).findByText(
        'La boleta electrónica volvió a la cola de emisión; su estado se actualiza solo.',
      ),
    ).toBeVisible();
    expect(api.callsTo('POST', '/admin/documentos/7/reintentar')).toHaveLength(1);
    expect(api.callsTo('POST', '/admin/documentos/7/reintentar')[0]!.authorization).toMatch(
      /^Bearer /,
    );
    expect(await within(region).findByText('En emisión')).toHaveClass('badge--warning');
    expect(within(region).queryByRole('button', { name: /Reintentar/ })).toBeNull();
    expect(within(region).queryByText(MOTIVO)).toBeNull();
  });

  it('si el documento ya no está rechazado muestra el 409 de la API y recarga la lista', async () => {
    let documents: DocumentoTributario[] = [REFUSED];
    const api = renderDetail({
      'GET /pedidos/NB-000123/documentos': () => ({ body: { items: documents } }),
      'POST /admin/documentos/:id/reintentar': () => {
        documents = [buildDocument({ id: 7, motivo: null, intentos: 4 })];
        return { status: 409, body: { message: 'Este documento no está rechazado.' } };
      },
    });
    const region = await documentsRegion();
    await userEvent
      .setup()
      .click(await within(region).findByRole('button', { name: /^Reintentar la boleta/ }));
    const notifications = screen.getByRole('region', { name: 'Notificaciones' });
    expect(
      await within(within(notifications).getByRole('alert')).findByText(
        'Este documento no está rechazado.',
      ),
    ).toBeVisible();
    expect(await within(region).findByText('Emitido')).toHaveClass('badge--success');
    expect(api.callsTo('GET', '/pedidos/NB-000123/documentos')).toHaveLength(2);
  });

  it('al cancelar un pedido con boleta vuelve a pedir los documentos y muestra la nota de crédito en emisión', async () => {
    const order = buildPaidWebpayOrder();
    const cancelled: Pedido = {
      ...order,
      estado: 'CANCELADO',
      eventos: [
        ...order.eventos,
        { de: 'PAGADO', a: 'CANCELADO', por: 'Ana Admin', at: '2026-11-22T13:00:00.000Z' },
      ],
    };
    let documents: DocumentoTributario[] = [buildDocument()];
    const api = renderDetail(
      {
        'GET /pedidos/NB-000123/documentos': () => ({ body: { items: documents } }),
        'PATCH /pedidos/NB-000123/estado': () => {
          documents = [
            buildDocument({ estado: 'ANULADO' }),
            pendingDocument({ id: 2, clase: 'NOTA_CREDITO', codigoSii: 61, referenciaFolio: 123 }),
          ];
          return { body: cancelled };
        },
      },
      order,
    );
    const region = await documentsRegion();
    expect(await within(region).findByText('Emitido')).toBeVisible();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cancelar pedido' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancelar pedido' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar pedido' }));

    const note = await within(region).findByRole('row', { name: /Nota de crédito electrónica/ });
    expect(within(note).getByText('En emisión')).toHaveClass('badge--warning');
    expect(note).toHaveTextContent('Anula Boleta electrónica N° 123');
    expect(within(region).getByText('Anulado')).toBeVisible();
    expect(api.callsTo('GET', '/pedidos/NB-000123/documentos')).toHaveLength(2);
  });

  it('una nota de crédito dice qué documento anula', async () => {
    renderDetail({
      'GET /pedidos/NB-000123/documentos': {
        body: {
          items: [
            buildDocument({ estado: 'ANULADO' }),
            buildDocument({
              id: 2,
              clase: 'NOTA_CREDITO',
              codigoSii: 61,
              folio: 45,
              etiqueta: 'Nota de crédito electrónica N° 45',
              referenciaFolio: 123,
            }),
          ],
        },
      },
    });
    const region = await documentsRegion();
    const note = await within(region).findByRole('row', { name: /Nota de crédito electrónica/ });
    expect(note).toHaveTextContent('Anula Boleta electrónica N° 123');
    expect(within(region).getByText('Anulado')).toHaveClass('badge--neutral');
  });

  it('sin documentos no muestra la sección', async () => {
    renderDetail({ 'GET /pedidos/NB-000123/documentos': { body: { items: [] } } });
    await screen.findByRole('region', { name: 'Pago' });
    await expect
      .poll(() => screen.queryByRole('region', { name: 'Documentos tributarios' }))
      .toBeNull();
  });

  it('si no cargan lo dice y deja reintentar', async () => {
    renderDetail({
      'GET /pedidos/NB-000123/documentos': {
        status: 400,
        body: { message: 'La solicitud no es válida.' },
      },
    });
    const region = await documentsRegion();
    expect(
      await within(region).findByText('No pudimos cargar los documentos tributarios del pedido.'),
    ).toBeVisible();
    expect(within(region).getByRole('button', { name: 'Reintentar' })).toBeVisible();
  });

  it('un pedido sin pagar no pregunta por documentos', async () => {
    const api = renderDetail({ 'GET /pedidos/NB-000123/documentos': NEVER }, buildOrder());
    await screen.findByRole('region', { name: 'Pago' });
    expect(api.callsTo('GET', '/pedidos/NB-000123/documentos')).toHaveLength(0);
  });
});
