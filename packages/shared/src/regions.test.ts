import { describe, expect, it } from 'vitest';
import { REGIONES, REGION_NAMES, comunasOf, isValidRegionComuna } from './regions';

const EXPECTED_COUNTS: ReadonlyArray<[string, number]> = [
  ['Arica y Parinacota', 4],
  ['Tarapacá', 7],
  ['Antofagasta', 9],
  ['Atacama', 9],
  ['Coquimbo', 15],
  ['Valparaíso', 38],
  ['Metropolitana de Santiago', 52],
  ["Libertador General Bernardo O'Higgins", 33],
  ['Maule', 30],
  ['Ñuble', 21],
  ['Biobío', 33],
  ['La Araucanía', 32],
  ['Los Ríos', 12],
  ['Los Lagos', 30],
  ['Aysén del General Carlos Ibáñez del Campo', 10],
  ['Magallanes y de la Antártica Chilena', 11],
];

describe('REGIONES', () => {
  it('son las 16 regiones de Chile, de norte a sur', () => {
    expect(REGION_NAMES).toEqual(EXPECTED_COUNTS.map(([nombre]) => nombre));
  });

  it('suman exactamente 346 comunas', () => {
    expect(EXPECTED_COUNTS.reduce((sum, [, count]) => sum + count, 0)).toBe(346);
    expect(REGIONES.reduce((sum, region) => sum + region.comunas.length, 0)).toBe(346);
  });

  it.each(EXPECTED_COUNTS)('%s tiene %i comunas', (nombre, count) => {
    expect(comunasOf(nombre)).toHaveLength(count);
  });

  it.each(REGION_NAMES.map((nombre) => [nombre]))('%s no repite comunas', (nombre) => {
    const comunas = comunasOf(nombre);
    expect(new Set(comunas).size).toBe(comunas.length);
  });

  it.each(REGION_NAMES.map((nombre) => [nombre]))(
    'las comunas de %s están en orden alfabético',
    (nombre) => {
      const comunas = comunasOf(nombre);
      expect([...comunas].sort(new Intl.Collator('es').compare)).toEqual(comunas);
    },
  );

  it('escribe los nombres con sus tildes y eñes', () => {
    expect(comunasOf('Metropolitana de Santiago')).toEqual(
      expect.arrayContaining(['Ñuñoa', 'Maipú', 'Peñalolén', 'Estación Central', 'Conchalí']),
    );
    expect(comunasOf('Biobío')).toEqual(
      expect.arrayContaining(['Los Ángeles', 'Concepción', 'Tomé']),
    );
    expect(comunasOf('Ñuble')).toEqual(expect.arrayContaining(['Chillán', 'Ñiquén', 'Ránquil']));
  });

  it('las comunas de Ñuble ya no figuran en Biobío', () => {
    expect(comunasOf('Biobío')).not.toContain('Chillán');
  });
});

describe('comunasOf', () => {
  it('una región desconocida no tiene comunas', () => {
    expect(comunasOf('Atlántida')).toEqual([]);
    expect(comunasOf('')).toEqual([]);
  });
});

describe('isValidRegionComuna', () => {
  it('acepta una comuna de la región elegida', () => {
    expect(isValidRegionComuna('Metropolitana de Santiago', 'Ñuñoa')).toBe(true);
    expect(isValidRegionComuna('Los Ríos', 'Los Lagos')).toBe(true);
  });

  it('rechaza una comuna de otra región', () => {
    expect(isValidRegionComuna('Valparaíso', 'Ñuñoa')).toBe(false);
  });

  it('rechaza una región desconocida o una comuna escrita sin tilde', () => {
    expect(isValidRegionComuna('Santiago', 'Ñuñoa')).toBe(false);
    expect(isValidRegionComuna('Metropolitana de Santiago', 'Nunoa')).toBe(false);
  });
});
