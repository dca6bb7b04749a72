// Strict in what is stored, tolerant in what is read (issue 13, item 11): numbers written as text,
// phones and places written the way people and other systems write them.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { normalizePhone } from '../phone';
import { canonicalComuna, canonicalRegion } from '../regions';
import { comunaField, phoneField, regionField, requiredPhoneField } from './fields';
import { PRODUCT_MESSAGES, productoInputSchema } from './products';

const errorsOf = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? {} : z.flattenError(result.error).fieldErrors;

const PRODUCT = {
  nombre: 'Teclado mecánico',
  precio: 15990,
  stock: 7,
  categoria: { id: 3 },
};

describe('productoInputSchema con números escritos como texto', () => {
  it('acepta "15990", "7" y {"id": "3"} como los números que son', () => {
    const parsed = productoInputSchema.parse({
      ...PRODUCT,
      precio: '15990',
      stock: ' 7 ',
      categoria: { id: '3' },
    });
    expect(parsed).toMatchObject({ precio: 15990, stock: 7, categoria: { id: 3 } });
    expect(productoInputSchema.parse({ ...PRODUCT, precio: '15990.50' }).precio).toBe(15990.5);
  });

  it('un valor presente que no es número lo dice, nunca "es requerido"', () => {
    const wrong = productoInputSchema.safeParse({
      ...PRODUCT,
      precio: 'quince mil',
      stock: 'siete',
      categoria: { id: 'tres' },
    });
    expect(errorsOf(wrong)).toEqual({
      precio: [PRODUCT_MESSAGES.priceNotNumber],
      stock: [PRODUCT_MESSAGES.stockNotNumber],
      categoria: [PRODUCT_MESSAGES.categoriaNotNumber],
    });
    expect(PRODUCT_MESSAGES.priceNotNumber).toBe('El precio debe ser un número.');
    for (const precio of [true, '1e3', '0x10', '15.990,5', {}]) {
      expect(errorsOf(productoInputSchema.safeParse({ ...PRODUCT, precio }))).toEqual({
        precio: ['El precio debe ser un número.'],
      });
    }
  });

  it('vacío o ausente sigue siendo "es requerido", y las reglas de siempre se aplican', () => {
    const { precio: _p, ...withoutPrice } = PRODUCT;
    expect(errorsOf(productoInputSchema.safeParse(withoutPrice))).toEqual({
      precio: ['El precio es requerido.'],
    });
    expect(errorsOf(productoInputSchema.safeParse({ ...PRODUCT, precio: '', stock: '' }))).toEqual({
      precio: ['El precio es requerido.'],
      stock: ['El stock es requerido.'],
    });
    expect(errorsOf(productoInputSchema.safeParse({ ...PRODUCT, stock: '7.5' }))).toEqual({
      stock: [PRODUCT_MESSAGES.stockNotInteger],
    });
    expect(errorsOf(productoInputSchema.safeParse({ ...PRODUCT, precio: '-1' }))).toEqual({
      precio: [PRODUCT_MESSAGES.priceNegative],
    });
  });
});

describe('teléfonos', () => {
  it.each([
    ['912345678', '9 1234 5678'],
    ['+56912345678', '9 1234 5678'],
    ['+56 9 1234 5678', '9 1234 5678'],
    ['56912345678', '9 1234 5678'],
    ['9-1234-5678', '9 1234 5678'],
    [' 9 1234 5678 ', '9 1234 5678'],
  ])('%j se guarda como %j', (typed, stored) => {
    expect(normalizePhone(typed)).toBe(stored);
    expect(phoneField('Teléfono inválido.').parse(typed)).toBe(stored);
    expect(requiredPhoneField('Teléfono inválido.').parse(typed)).toBe(stored);
  });

  it('lo que no es un móvil chileno se rechaza con el mensaje del campo', () => {
    for (const typed of ['812345678', '+54912345678', '91234567', 'nueve', '+56 2 2345 6789']) {
      const result = phoneField('Teléfono inválido.').safeParse(typed);
      expect(result.success, typed).toBe(false);
      expect(result.error!.issues[0]!.message).toBe('Teléfono inválido.');
    }
    expect(phoneField('x').parse('')).toBeNull();
    expect(requiredPhoneField('Teléfono inválido.').safeParse('').success).toBe(false);
  });
});

describe('regiones y comunas', () => {
  it.each([
    ['Región Metropolitana de Santiago', 'Metropolitana de Santiago'],
    ['Región de Magallanes y de la Antártica Chilena', 'Magallanes y de la Antártica Chilena'],
    ['Región del Libertador General Bernardo O’Higgins', "Libertador General Bernardo O'Higgins"],
    ['Región de Ñuble', 'Ñuble'],
    ['region del biobio', 'Biobío'],
    ['LOS RIOS', 'Los Ríos'],
    ['Valparaíso', 'Valparaíso'],
  ])('la región %j es %j', (typed, stored) => {
    expect(canonicalRegion(typed)).toBe(stored);
    expect(regionField('Región inválida.').parse(typed)).toBe(stored);
  });

  it.each([
    ['Rapa Nui', 'Isla de Pascua'],
    ['San Francisco de Mostazal', 'Mostazal'],
    ['Puerto Natales', 'Natales'],
    ['nunoa', 'Ñuñoa'],
    ['VIÑA DEL MAR', 'Viña del Mar'],
    ['Coihaique', 'Coyhaique'],
    ['Providencia', 'Providencia'],
  ])('la comuna %j es %j', (typed, stored) => {
    expect(canonicalComuna(typed)).toBe(stored);
    expect(comunaField('Comuna inválida.').parse(typed)).toBe(stored);
  });

  it('un nombre desconocido se rechaza (región) o queda para que la pareja lo rechace (comuna)', () => {
    expect(canonicalRegion('Región de la Patagonia')).toBeNull();
    expect(regionField('Región inválida.').safeParse('Región de la Patagonia').success).toBe(false);
    expect(canonicalComuna('Gotham')).toBeNull();
    expect(comunaField('Comuna inválida.').parse('Gotham')).toBe('Gotham');
  });
});
