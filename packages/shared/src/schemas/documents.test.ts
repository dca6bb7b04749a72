import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../errors';
import {
  DOCUMENT_MESSAGES,
  documentoSolicitadoSchema,
  documentoSolicitadoText,
  empresaSchema,
  rutEmpresaField,
} from './documents';
import { buildDomainSchemas } from './index';

const EMPRESA = {
  rut: '76.123.456-0',
  razonSocial: 'Hardware del Sur SpA',
  giro: 'Venta de equipos computacionales',
  direccion: 'Av. Alemania 671',
  region: 'La Araucanía',
  comuna: 'Temuco',
};

const errorsOf = (result: { success: boolean; error?: unknown }) =>
  result.success ? {} : fieldErrors(result.error as Parameters<typeof fieldErrors>[0]);

describe('rutEmpresaField', () => {
  it.each([
    ['76.123.456-0', '76123456-0'],
    ['76123456-0', '76123456-0'],
    ['761234560', '76123456-0'],
    [' 60.803.000-k ', '60803000-K'],
    ['77.777.777–7', '77777777-7'],
  ])('acepta %j y lo guarda como %j', (input, stored) => {
    expect(rutEmpresaField.parse(input)).toBe(stored);
  });

  it.each([
    ['76.123.456-1', 'dígito verificador equivocado'],
    ['76.123.456', 'sin dígito verificador'],
    ['', 'vacío'],
    ['ABCDEFGH-K', 'letras'],
    ['123-4', 'demasiado corto'],
    ['76.123.456-0-0-0-0', 'demasiado largo'],
  ])('rechaza %j (%s) con el mensaje del RUT', (input) => {
    const result = rutEmpresaField.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(DOCUMENT_MESSAGES.rut);
  });
});

describe('empresaSchema', () => {
  it('acepta una empresa completa y guarda el RUT sin puntos', () => {
    expect(empresaSchema.parse(EMPRESA)).toEqual({ ...EMPRESA, rut: '76123456-0' });
  });

  it.each([
    ['razonSocial', { razonSocial: ' ' }, DOCUMENT_MESSAGES.razonSocial],
    ['giro', { giro: '' }, DOCUMENT_MESSAGES.giro],
    ['direccion', { direccion: 'x' }, DOCUMENT_MESSAGES.direccion],
    ['region', { region: 'Marte' }, DOCUMENT_MESSAGES.region],
    ['comuna', { comuna: 'Providencia' }, DOCUMENT_MESSAGES.comuna],
    ['rut', { rut: '11.111.111-2' }, DOCUMENT_MESSAGES.rut],
  ])('dice qué falta en %s', (field, change, message) => {
    expect(errorsOf(empresaSchema.safeParse({ ...EMPRESA, ...change }))).toEqual({
      [field]: message,
    });
  });

  it('muestra todos los mensajes a la vez cuando la empresa viene vacía', () => {
    expect(Object.keys(errorsOf(empresaSchema.safeParse({})))).toEqual(
      expect.arrayContaining(['rut', 'razonSocial', 'giro', 'direccion', 'region', 'comuna']),
    );
  });
});

describe('documentoSolicitadoSchema', () => {
  it('una boleta no pide nada más; una factura necesita su empresa', () => {
    expect(documentoSolicitadoSchema.parse({ tipo: 'BOLETA', empresa: { rut: 'x' } })).toEqual({
      tipo: 'BOLETA',
    });
    expect(documentoSolicitadoSchema.safeParse({ tipo: 'FACTURA' }).success).toBe(false);
    expect(documentoSolicitadoSchema.safeParse({ tipo: 'TICKET' }).success).toBe(false);
  });

  it('el pedido pide boleta si no dice nada, y valida el RUT de la factura', () => {
    const { pedido } = buildDomainSchemas();
    const base = {
      items: [{ productoId: 1, qty: 1 }],
      region: 'Los Ríos',
      comuna: 'Valdivia',
      direccion: 'General Lagos 1020',
    };
    expect(pedido.parse(base).documento).toEqual({ tipo: 'BOLETA' });
    const factura = pedido.parse({ ...base, documento: { tipo: 'FACTURA', empresa: EMPRESA } });
    expect(factura.documento).toEqual({
      tipo: 'FACTURA',
      empresa: { ...EMPRESA, rut: '76123456-0' },
    });
    const wrong = { tipo: 'FACTURA', empresa: { ...EMPRESA, rut: '76.123.456-9' } };
    expect(errorsOf(pedido.safeParse({ ...base, documento: wrong }))).toEqual({
      documento: DOCUMENT_MESSAGES.rut,
    });
  });
});

describe('documentoSolicitadoText', () => {
  it('nombra la boleta, o la factura con la razón social y el RUT con puntos', () => {
    expect(documentoSolicitadoText('BOLETA', null)).toBe('Boleta electrónica');
    expect(documentoSolicitadoText('FACTURA', { ...EMPRESA, rut: '76123456-0' })).toBe(
      'Factura electrónica a Hardware del Sur SpA (RUT 76.123.456-0)',
    );
  });
});
