import type { Producto } from '@nexbyte/shared';
import { describe, expect, it } from 'vitest';
import { productHead } from './page-heads';

const ctx = { publicUrl: 'https://tienda.nexbyte.cl' };

const product: Producto = {
  id: 42,
  nombre: 'Mouse Logitech G203',
  descripcion: 'Mouse gamer.',
  precio: 16990,
  precioNormal: 19990,
  oferta: { precio: 16990, desde: '2026-11-20T03:00:00.000Z', hasta: '2026-12-01T03:00:00.000Z' },
  imagen: null,
  stock: 3,
  activo: true,
  categoria: { id: 1, nombre: 'Mouse' },
  marca: 'Logitech',
  sku: 'LOG-G203',
  especificaciones: [],
  imagenes: [],
  createdAt: '2026-01-10T12:00:00.000Z',
};

const offerOf = (p: Producto) =>
  (productHead(ctx, p).jsonLd[0] as { offers: Record<string, unknown> }).offers;

describe('JSON-LD de un producto en oferta', () => {
  it('da el precio de oferta y priceValidUntil, su último día en Chile', () => {
    expect(offerOf(product)).toMatchObject({ price: 16990, priceValidUntil: '2026-11-30' });
    expect(productHead(ctx, product).price).toEqual({ amount: 16990, currency: 'CLP' });
  });

  it('sin oferta en curso, el precio normal y sin priceValidUntil', () => {
    const normal = offerOf({
      ...product,
      precio: 19990,
      precioNormal: undefined,
      oferta: undefined,
    });
    expect(normal.price).toBe(19990);
    expect(normal).not.toHaveProperty('priceValidUntil');
  });
});
