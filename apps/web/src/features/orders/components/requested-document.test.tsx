import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildOrder } from '../../../testing/order-fixtures';
import { RequestedDocument } from './requested-document';

describe('RequestedDocument', () => {
  it('dice boleta electrónica para un pedido con boleta', () => {
    render(<RequestedDocument order={buildOrder()} />);
    expect(screen.getByText(/^Documento:/).parentElement).toHaveTextContent(
      'Documento: Boleta electrónica',
    );
  });

  it('nombra la empresa de la factura con su RUT con puntos y guion', () => {
    const order = buildOrder({
      documentoTipo: 'FACTURA',
      facturaEmpresa: {
        rut: '76123456-0',
        razonSocial: 'Hardware del Sur SpA',
        giro: 'Venta de equipos computacionales',
        direccion: 'Av. Alemania 671',
        region: 'La Araucanía',
        comuna: 'Temuco',
      },
    });
    render(<RequestedDocument order={order} />);
    expect(screen.getByText(/^Documento:/).parentElement).toHaveTextContent(
      'Documento: Factura electrónica a Hardware del Sur SpA (RUT 76.123.456-0)',
    );
  });
});
