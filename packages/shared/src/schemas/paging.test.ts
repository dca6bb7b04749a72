import { describe, expect, it } from 'vitest';
import { effectiveOrden } from '../enums';
import { LIST_LIMIT_DEFAULT, listaQuerySchema, resolvePage } from './paging';
import { productosQuerySchema } from './products';

describe('paging', () => {
  it('gives the default page of 50 when limite is missing or out of range', () => {
    expect(resolvePage(listaQuerySchema.parse({}))).toEqual({ pagina: 1, limite: 50, offset: 0 });
    expect(LIST_LIMIT_DEFAULT).toBe(50);
    const ignored = listaQuerySchema.parse({ pagina: '0', limite: '101' });
    expect(resolvePage(ignored)).toEqual({ pagina: 1, limite: 50, offset: 0 });
  });

  it('reads pagina and limite from the query string', () => {
    expect(resolvePage(listaQuerySchema.parse({ pagina: '3', limite: '20' }))).toEqual({
      pagina: 3,
      limite: 20,
      offset: 40,
    });
  });
});

describe('effectiveOrden', () => {
  it('ranks by relevance by default only when there is a text to match', () => {
    expect(effectiveOrden(productosQuerySchema.parse({ q: 'mouse' }))).toBe('relevancia');
    expect(effectiveOrden(productosQuerySchema.parse({}))).toBe('recientes');
    expect(effectiveOrden(productosQuerySchema.parse({ q: '   ' }))).toBe('recientes');
  });

  it('keeps an explicit order, and reads relevancia without text as recientes', () => {
    expect(effectiveOrden(productosQuerySchema.parse({ q: 'mouse', orden: 'precio_asc' }))).toBe(
      'precio_asc',
    );
    expect(effectiveOrden(productosQuerySchema.parse({ orden: 'relevancia' }))).toBe('recientes');
    expect(effectiveOrden(productosQuerySchema.parse({ q: 'x', orden: 'nope' }))).toBe(
      'relevancia',
    );
  });
});
