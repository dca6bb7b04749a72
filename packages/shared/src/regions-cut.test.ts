import { describe, expect, it } from 'vitest';
import { REGIONES } from './regions';
import { CUT_COMUNAS, REGION_NUMEROS, cutDe } from './regions-cut';

describe('CUT_COMUNAS', () => {
  it('tiene las 16 regiones y las 346 comunas de REGIONES, ni una más', () => {
    expect(Object.keys(CUT_COMUNAS)).toEqual(REGIONES.map((r) => r.nombre));
    expect(Object.keys(REGION_NUMEROS).sort()).toEqual(REGIONES.map((r) => r.nombre).sort());
    for (const region of REGIONES) {
      expect(Object.keys(CUT_COMUNAS[region.nombre]!).sort()).toEqual([...region.comunas].sort());
    }
  });

  it('los 346 códigos son distintos', () => {
    const codes = Object.values(CUT_COMUNAS).flatMap((c) => Object.values(c));
    expect(codes).toHaveLength(346);
    expect(new Set(codes).size).toBe(346);
  });

  it.each(REGIONES.map((r) => [r.nombre]))(
    'cada código de %s empieza por el número de la región y sigue con provincia y comuna',
    (nombre) => {
      const numero = REGION_NUMEROS[nombre]!;
      for (const code of Object.values(CUT_COMUNAS[nombre]!)) {
        expect(Number.isInteger(code)).toBe(true);
        expect(Math.floor(code / 1000)).toBe(numero);
        // Province 1–9 and comuna 01–99 within it.
        expect(Math.floor(code / 100) % 10).toBeGreaterThan(0);
        expect(code % 100).toBeGreaterThan(0);
      }
    },
  );

  it('da los códigos conocidos', () => {
    expect(cutDe('Metropolitana de Santiago', 'Santiago')).toBe(13101);
    expect(cutDe('Metropolitana de Santiago', 'Providencia')).toBe(13123);
    expect(cutDe('Valparaíso', 'Valparaíso')).toBe(5101);
    expect(cutDe('Magallanes y de la Antártica Chilena', 'Punta Arenas')).toBe(12101);
    expect(cutDe('Ñuble', 'Chillán')).toBe(16101);
  });

  it('una comuna de otra región o desconocida no tiene código', () => {
    expect(cutDe('Valparaíso', 'Providencia')).toBeNull();
    expect(cutDe('Santiago', 'Providencia')).toBeNull();
  });
});
