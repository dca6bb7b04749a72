import {
  checkBuild,
  compatibleWith,
  componenteSchema,
  TIPOS_COMPONENTE,
  type Componente,
  type TipoComponente,
} from '@nexbyte/shared';
import { describe, expect, it } from 'vitest';
import { DEMO_PRODUCTOS, demoFichaOf } from './demo-data';

// The demo catalogue lets every step of 'Arma tu PC' show parts that fit and parts that do not.

const parts = DEMO_PRODUCTOS.map((p) => ({
  nombre: p.nombre,
  componente: demoFichaOf(p.nombre).componente,
})).filter((p): p is { nombre: string; componente: Componente } => p.componente !== null);

const named = (nombre: string): Componente => {
  const part = parts.find((p) => p.nombre === nombre);
  if (!part) throw new Error(`No demo part named ${nombre}`);
  return part.componente;
};

describe('demo PC parts', () => {
  it('each has a complete typed specification, and every kind has several', () => {
    for (const p of parts)
      expect(componenteSchema.safeParse(p.componente).success, p.nombre).toBe(true);
    for (const tipo of TIPOS_COMPONENTE) {
      expect(parts.filter((p) => p.componente.tipo === tipo).length, tipo).toBeGreaterThanOrEqual(
        4,
      );
    }
  });

  // What the customer chose before each step, and a reason the step then shows.
  it.each<[TipoComponente, string[], string]>([
    ['PROCESADOR', ['Placa madre Gigabyte Z790 Aorus Elite AX'], 'Socket AM5, tu placa es LGA1700'],
    ['PLACA_MADRE', ['Procesador AMD Ryzen 7 7800X3D'], 'Socket LGA1700, tu procesador es AM5'],
    [
      'MEMORIA',
      ['Procesador AMD Ryzen 7 7800X3D', 'Placa madre ASUS ROG Strix B650E-I Gaming WiFi'],
      '4 módulos, tu placa tiene 2 ranuras',
    ],
    [
      'TARJETA_VIDEO',
      [
        'Procesador Intel Core i7-14700K',
        'Placa madre Gigabyte Z790 Aorus Elite AX',
        'Fuente de poder Cooler Master MWE 550 W Bronze V2',
      ],
      'Tu fuente de 550 W no alcanza: el equipo consumiría 633 W',
    ],
    [
      'ALMACENAMIENTO',
      [
        'Placa madre ASUS ROG Strix B650E-I Gaming WiFi',
        'SSD Kingston NV2 1 TB NVMe',
        'SSD Samsung 980 500 GB NVMe',
      ],
      'Necesita una ranura M.2, tu placa tiene 2 ranuras M.2 y están ocupadas',
    ],
    [
      'FUENTE',
      [
        'Procesador Intel Core i7-14700K',
        'Placa madre Gigabyte Z790 Aorus Elite AX',
        'Memoria RAM G.Skill Flare X5 32 GB DDR5 6000',
        'Tarjeta de video Gigabyte RTX 4080 Super Gaming OC 16 GB',
        'SSD Kingston NV2 1 TB NVMe',
      ],
      '600 W, tu equipo consume 648 W',
    ],
    [
      'GABINETE',
      [
        'Placa madre Gigabyte Z790 Aorus Elite AX',
        'Tarjeta de video Gigabyte RTX 4080 Super Gaming OC 16 GB',
      ],
      'Admite Mini-ITX, tu placa es ATX',
    ],
    [
      'REFRIGERACION',
      [
        'Procesador AMD Ryzen 5 7600',
        'Placa madre ASUS ROG Strix B650E-I Gaming WiFi',
        'Gabinete Cooler Master NR200P',
      ],
      'Altura 168 mm, tu gabinete admite hasta 155 mm',
    ],
  ])('%s: some parts fit the build and some do not', (tipo, chosen, reason) => {
    const build = chosen.map(named);
    expect(checkBuild(build).incompatibilidades).toEqual([]);
    const reasons = parts
      .filter((p) => p.componente.tipo === tipo)
      .map((p) => compatibleWith(p.componente, build));
    expect(reasons.some((r) => r.length === 0)).toBe(true);
    expect(reasons.flat()).toContain(reason);
  });
});
