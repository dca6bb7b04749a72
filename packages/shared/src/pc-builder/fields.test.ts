import { describe, expect, it } from 'vitest';
import { CAMPO_TIPO, CAMPOS_COMPONENTE, CAMPOS_FACETA, formatComponentValue } from './fields';
import { TIPOS_COMPONENTE } from './kinds';
import {
  almacenamientoSchema,
  componenteParcialSchema,
  fuenteSchema,
  gabineteSchema,
  memoriaSchema,
  placaMadreSchema,
  procesadorSchema,
  refrigeracionSchema,
  tarjetaVideoSchema,
} from './schemas';

// The fields the form, the CSV, the filters and the comparison name must be the schemas' own.

const SCHEMAS = {
  PROCESADOR: procesadorSchema,
  PLACA_MADRE: placaMadreSchema,
  MEMORIA: memoriaSchema,
  TARJETA_VIDEO: tarjetaVideoSchema,
  ALMACENAMIENTO: almacenamientoSchema,
  FUENTE: fuenteSchema,
  GABINETE: gabineteSchema,
  REFRIGERACION: refrigeracionSchema,
} as const;
const shapeOf = (tipo: keyof typeof SCHEMAS): Record<string, unknown> => SCHEMAS[tipo].shape;

describe('campos de la especificación tipada', () => {
  it.each(TIPOS_COMPONENTE)(
    '%s: cada campo del esquema tiene su nombre en pantalla, y solo esos',
    (tipo) => {
      const schemaFields = Object.keys(shapeOf(tipo))
        .filter((k) => k !== 'tipo')
        .sort();
      expect(CAMPOS_COMPONENTE[tipo].map((c) => c.campo).sort()).toEqual(schemaFields);
    },
  );

  it('las opciones de cada campo cerrado son las que el esquema acepta', () => {
    for (const tipo of TIPOS_COMPONENTE) {
      for (const campo of CAMPOS_COMPONENTE[tipo]) {
        if (campo.tipo !== 'opcion' && campo.tipo !== 'opciones') continue;
        for (const valor of campo.opciones) {
          const value = campo.tipo === 'opciones' ? [valor] : valor;
          expect(
            componenteParcialSchema.safeParse({ tipo, [campo.campo]: value }).success,
            `${tipo}.${campo.campo} = ${valor}`,
          ).toBe(true);
        }
      }
    }
  });

  it('los filtros empiezan por el tipo y nombran cada campo una vez', () => {
    expect(CAMPOS_FACETA[0]).toBe(CAMPO_TIPO);
    const names = CAMPOS_FACETA.map((c) => c.campo);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(['socket', 'tipoMemoria', 'formato', 'formatos']));
  });

  it('muestra los valores con su unidad, sí/no, listas y el tipo por su nombre', () => {
    const [socket, nucleos, tdp] = CAMPOS_COMPONENTE.PROCESADOR;
    expect(formatComponentValue(tdp!, 125)).toBe('125 W');
    expect(formatComponentValue(nucleos!, 8)).toBe('8');
    expect(formatComponentValue(socket!, 'AM5')).toBe('AM5');
    expect(formatComponentValue(CAMPOS_COMPONENTE.FUENTE[2]!, false)).toBe('No');
    expect(formatComponentValue(CAMPOS_COMPONENTE.GABINETE[0]!, ['ATX', 'Micro-ATX'])).toBe(
      'ATX, Micro-ATX',
    );
    expect(formatComponentValue(CAMPO_TIPO, 'PLACA_MADRE')).toBe('Placa madre');
    expect(formatComponentValue(tdp!, undefined)).toBe('');
  });
});
