import { describe, expect, it } from 'vitest';
import { completeComponent, componenteParcialSchema, componenteSchema } from './schemas';

const errorsOf = (value: unknown) => {
  const result = componenteSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('especificación tipada de un componente', () => {
  it('acepta un procesador con sus unidades', () => {
    expect(
      componenteSchema.parse({
        tipo: 'PROCESADOR',
        socket: 'AM5',
        nucleos: 8,
        tdpW: 120,
        graficosIntegrados: true,
      }),
    ).toMatchObject({ tipo: 'PROCESADOR', socket: 'AM5', tdpW: 120 });
  });

  it('rechaza un socket desconocido y un formato de placa inventado', () => {
    expect(
      errorsOf({
        tipo: 'PLACA_MADRE',
        socket: 'AM3',
        chipset: 'B650',
        formato: 'XL-ATX',
        tipoMemoria: 'DDR5',
        ranurasMemoria: 4,
        ranurasM2: 2,
        consumoW: 50,
      }),
    ).toEqual([
      ['socket', 'Elige una de las opciones.'],
      ['formato', 'Elige una de las opciones.'],
    ]);
  });

  it('rechaza medidas que no son enteros positivos', () => {
    expect(
      errorsOf({
        tipo: 'GABINETE',
        formatos: ['ATX'],
        largoGpuMaxMm: -1,
        alturaCoolerMaxMm: 165.5,
        radiadorMaxMm: 0,
      }),
    ).toEqual([
      ['largoGpuMaxMm', 'Debe ser un número entero mayor que 0.'],
      ['alturaCoolerMaxMm', 'Debe ser un número entero mayor que 0.'],
    ]);
  });

  it('un gabinete necesita al menos un formato, sin repetir', () => {
    const gabinete = {
      tipo: 'GABINETE',
      largoGpuMaxMm: 300,
      alturaCoolerMaxMm: 160,
      radiadorMaxMm: 240,
    };
    expect(errorsOf({ ...gabinete, formatos: [] })).toEqual([
      ['formatos', 'Elige al menos una opción.'],
    ]);
    expect(errorsOf({ ...gabinete, formatos: ['ATX', 'ATX'] })).toEqual([
      ['formatos', 'Elige al menos una opción.'],
    ]);
  });

  it('un disipador por aire necesita su altura; una líquida, su radiador', () => {
    const base = { tipo: 'REFRIGERACION', socketsCompatibles: ['AM5'], consumoW: 5 };
    expect(errorsOf({ ...base, refrigeracion: 'Aire' })).toEqual([
      ['alturaMm', 'Un disipador por aire necesita su altura.'],
    ]);
    expect(errorsOf({ ...base, refrigeracion: 'Líquida' })).toEqual([
      ['radiadorMm', 'Una refrigeración líquida necesita el largo de su radiador.'],
    ]);
  });

  it('sin un tipo conocido no hay especificación', () => {
    expect(errorsOf({ tipo: 'MONITOR' })).toEqual([['tipo', 'Elige el tipo de componente.']]);
  });
});

describe('especificación guardada de un producto', () => {
  it('admite solo los valores conocidos, cada uno revisado', () => {
    expect(componenteParcialSchema.parse({ tipo: 'FUENTE', potenciaW: 650 })).toEqual({
      tipo: 'FUENTE',
      potenciaW: 650,
    });
    expect(componenteParcialSchema.safeParse({ tipo: 'FUENTE', potenciaW: '650 W' }).success).toBe(
      false,
    );
    expect(componenteParcialSchema.safeParse({ socket: 'AM5' }).success).toBe(false);
  });

  it('solo una especificación completa entra al armado', () => {
    expect(completeComponent({ tipo: 'PROCESADOR', socket: 'AM5' })).toBeNull();
    expect(completeComponent(null)).toBeNull();
    const complete = {
      tipo: 'PROCESADOR',
      socket: 'AM5',
      nucleos: 8,
      tdpW: 120,
      graficosIntegrados: true,
    } as const;
    expect(completeComponent(complete)).toEqual(complete);
  });
});
