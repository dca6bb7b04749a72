import { describe, expect, it } from 'vitest';
import { bultoDe, bultoKey, MEDIDAS_DESCONOCIDAS, medidasSchema } from './parcels';

const mouse = { pesoKg: 0.2, largoCm: 12, anchoCm: 7, altoCm: 4.2 };
const tower = { pesoKg: 4.05, largoCm: 45, anchoCm: 21, altoCm: 48 };
const gpu = { pesoKg: 1.3, largoCm: 33, anchoCm: 15, altoCm: 7 };

describe('bultoDe: la caja de un pedido', () => {
  it.each([
    {
      caso: 'un mouse: sus medidas, el peso con la caja (0,3 kg)',
      lineas: [{ qty: 1, medidas: mouse }],
      bulto: { pesoKg: 0.5, largoCm: 12, anchoCm: 10, altoCm: 10 },
    },
    {
      caso: 'tres mouse se apilan: 3 × 4,2 cm redondeado hacia arriba',
      lineas: [{ qty: 3, medidas: mouse }],
      bulto: { pesoKg: 0.9, largoCm: 12, anchoCm: 10, altoCm: 13 },
    },
    {
      caso: 'un gabinete se acuesta sobre su cara mayor (48 × 45 × 21)',
      lineas: [{ qty: 1, medidas: tower }],
      bulto: { pesoKg: 4.35, largoCm: 48, anchoCm: 45, altoCm: 21 },
    },
    {
      caso: 'gabinete y tarjeta: el lado mayor y el ancho mayor, las alturas sumadas',
      lineas: [
        { qty: 1, medidas: tower },
        { qty: 2, medidas: gpu },
      ],
      bulto: { pesoKg: 6.95, largoCm: 48, anchoCm: 45, altoCm: 35 },
    },
    {
      caso: 'un producto sin medidas cuenta como 1 kg de 30 × 20 × 10',
      lineas: [{ qty: 2, medidas: null }],
      bulto: { pesoKg: 2.3, largoCm: 30, anchoCm: 20, altoCm: 20 },
    },
    {
      caso: 'un pedido vacío es la caja sola',
      lineas: [],
      bulto: { pesoKg: 0.3, largoCm: 10, anchoCm: 10, altoCm: 10 },
    },
  ])('$caso', ({ lineas, bulto }) => {
    expect(bultoDe(lineas, 0.3)).toEqual(bulto);
  });

  it('el peso de la caja es un ajuste', () => {
    expect(bultoDe([{ qty: 1, medidas: mouse }], 0).pesoKg).toBe(0.2);
    expect(bultoDe([{ qty: 1, medidas: mouse }], 1.5).pesoKg).toBe(1.7);
  });

  it('la clave del bulto cambia con el peso y con las medidas', () => {
    const one = bultoDe([{ qty: 1, medidas: gpu }], 0.3);
    const two = bultoDe([{ qty: 2, medidas: gpu }], 0.3);
    expect(bultoKey(one)).toBe('1.6kg-33x15x10');
    expect(bultoKey(two)).not.toBe(bultoKey(one));
  });

  it('las medidas desconocidas son las que el bulto usa', () => {
    expect(bultoDe([{ qty: 1, medidas: MEDIDAS_DESCONOCIDAS }], 0)).toEqual(
      bultoDe([{ qty: 1, medidas: null }], 0),
    );
  });
});

describe('medidasSchema', () => {
  it('acepta números y textos con coma decimal', () => {
    expect(
      medidasSchema.parse({ pesoKg: '0,25', largoCm: '12', anchoCm: 7, altoCm: '4.2' }),
    ).toEqual({ pesoKg: 0.25, largoCm: 12, anchoCm: 7, altoCm: 4.2 });
  });

  it('rechaza ceros, negativos y medidas incompletas', () => {
    expect(medidasSchema.safeParse({ ...mouse, pesoKg: 0 }).success).toBe(false);
    expect(medidasSchema.safeParse({ ...mouse, altoCm: -1 }).success).toBe(false);
    expect(medidasSchema.safeParse({ pesoKg: 1 }).success).toBe(false);
  });
});
