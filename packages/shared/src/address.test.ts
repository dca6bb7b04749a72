import { describe, expect, it } from 'vitest';
import { direccionTransportista, splitStreetAddress } from './address';

// [dirección, calle, número, complemento]
const CASES: ReadonlyArray<[string, string, string | null, string]> = [
  ['Av. Providencia 1234', 'Av. Providencia', '1234', ''],
  ['Av. Providencia 1234, depto 501', 'Av. Providencia', '1234', 'depto 501'],
  ['Av. Providencia 1234 depto 501', 'Av. Providencia', '1234', 'depto 501'],
  ['Los Leones 123 of. 45', 'Los Leones', '123', 'of. 45'],
  ['Pasaje Los Aromos #45', 'Pasaje Los Aromos', '45', ''],
  ['Pasaje Los Aromos # 45', 'Pasaje Los Aromos', '45', ''],
  ['Calle 5 Norte 1120', 'Calle 5 Norte', '1120', ''],
  ['Avenida 10 de Julio 555 dpto. 3B', 'Avenida 10 de Julio', '555', 'dpto. 3B'],
  ['Avenida 10 de Julio', 'Avenida 10 de Julio', null, ''],
  ['Camino a Melipilla km 12, parcela 4', 'Camino a Melipilla', null, 'km 12, parcela 4'],
  ['Los Olmos s/n', 'Los Olmos', null, ''],
  ['Los Olmos S/N, Parcela 3', 'Los Olmos', null, 'Parcela 3'],
  ['Los Olmos sin número', 'Los Olmos', null, ''],
  ['Parcela 7 Lote B', 'Parcela 7', null, 'Lote B'],
  ['1 Oriente 850 Talca', '1 Oriente', '850', 'Talca'],
  ['Av. Brasil N° 2950', 'Av. Brasil', '2950', ''],
  ['Av. Brasil nº2950, Valparaíso', 'Av. Brasil', '2950', 'Valparaíso'],
  ['Los Carrera Nro. 345 casa 2', 'Los Carrera', '345', 'casa 2'],
  ['Av. Apoquindo 3.000, oficina 1201', 'Av. Apoquindo', '3000', 'oficina 1201'],
  ['Av. Vicuña Mackenna 4860 block C depto 12', 'Av. Vicuña Mackenna', '4860', 'block C depto 12'],
  ['Calle 2 #1450 torre B', 'Calle 2', '1450', 'torre B'],
  ['Casablanca 120', 'Casablanca', '120', ''],
  ['Av. 21 de Mayo 1560', 'Av. 21 de Mayo', '1560', ''],
  ['  Av.   Grecia   2001  ', 'Av. Grecia', '2001', ''],
  ['', '', null, ''],
];

describe('splitStreetAddress', () => {
  it.each(CASES)('%j → %j / %j / %j', (direccion, calle, numero, complemento) => {
    expect(splitStreetAddress(direccion)).toEqual({ calle, numero, complemento });
  });
});

describe('direccionTransportista', () => {
  it('envía el número como entero y el complemento tal cual', () => {
    expect(direccionTransportista('Av. Providencia 1234, depto 501')).toEqual({
      streetName: 'Av. Providencia',
      streetNumber: 1234,
      supplement: 'depto 501',
    });
  });

  it("sin número: 0 y 'S/N' delante del complemento", () => {
    expect(direccionTransportista('Los Olmos s/n')).toEqual({
      streetName: 'Los Olmos',
      streetNumber: 0,
      supplement: 'S/N',
    });
    expect(direccionTransportista('Camino a Melipilla km 12, parcela 4')).toEqual({
      streetName: 'Camino a Melipilla',
      streetNumber: 0,
      supplement: 'S/N, km 12, parcela 4',
    });
  });

  it('nunca deja la calle vacía', () => {
    expect(direccionTransportista(', depto 5').streetName).toBe(', depto 5');
  });
});
