import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OfferPrice } from './offer-price';

const oferta = {
  precio: 16990,
  desde: '2026-11-20T03:00:00.000Z',
  hasta: '2026-12-01T03:00:00.000Z',
};

describe('OfferPrice', () => {
  it("mientras corre la oferta: su precio, el normal tachado, '-15 %' y hasta cuándo en hora de Chile", () => {
    const { container } = render(
      <OfferPrice product={{ precio: 16990, precioNormal: 19990, oferta }} className="precio" />,
    );
    expect(screen.getByText('$16.990')).toBeInTheDocument();
    const normal = container.querySelector('del')!;
    expect(normal).toHaveTextContent('Precio normal: $19.990');
    expect(screen.getByText('-15 %')).toBeInTheDocument();
    expect(screen.getByText('Oferta hasta el 30 de noviembre')).toBeInTheDocument();
  });

  it('sin oferta en curso, solo el precio (una oferta que el servidor no aplica no se muestra)', () => {
    const { container } = render(
      <OfferPrice product={{ precio: 19990, oferta }} className="precio" />,
    );
    expect(container).toHaveTextContent(/^\$19\.990$/);
    expect(container.querySelector('del')).toBeNull();
  });
});
