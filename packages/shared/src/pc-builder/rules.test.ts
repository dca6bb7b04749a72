import { describe, expect, it } from 'vitest';
import { PSU_MARGIN_PERCENT, PSU_STEP_W } from '../constants';
import { checkBuild, compatibleWith, fitsBuild, recommendedPsuW } from './rules';
import type {
  Almacenamiento,
  Componente,
  Fuente,
  Gabinete,
  Memoria,
  PlacaMadre,
  Procesador,
  Refrigeracion,
  TarjetaVideo,
} from './schemas';

const cpu = (o: Partial<Procesador> = {}): Procesador => ({
  tipo: 'PROCESADOR',
  socket: 'AM5',
  nucleos: 6,
  tdpW: 65,
  graficosIntegrados: true,
  ...o,
});
const board = (o: Partial<PlacaMadre> = {}): PlacaMadre => ({
  tipo: 'PLACA_MADRE',
  socket: 'AM5',
  chipset: 'B650',
  formato: 'ATX',
  tipoMemoria: 'DDR5',
  ranurasMemoria: 4,
  ranurasM2: 2,
  consumoW: 50,
  ...o,
});
const ram = (o: Partial<Memoria> = {}): Memoria => ({
  tipo: 'MEMORIA',
  tipoMemoria: 'DDR5',
  modulos: 2,
  capacidadGb: 32,
  velocidadMhz: 6000,
  consumoW: 10,
  ...o,
});
const gpu = (o: Partial<TarjetaVideo> = {}): TarjetaVideo => ({
  tipo: 'TARJETA_VIDEO',
  chip: 'GeForce RTX 4070',
  memoriaGb: 12,
  consumoW: 200,
  largoMm: 300,
  ...o,
});
const drive = (o: Partial<Almacenamiento> = {}): Almacenamiento => ({
  tipo: 'ALMACENAMIENTO',
  interfaz: 'NVMe PCIe 4.0',
  formato: 'M.2 2280',
  capacidadGb: 1000,
  consumoW: 5,
  ...o,
});
const sata = (o: Partial<Almacenamiento> = {}) =>
  drive({ interfaz: 'SATA', formato: '2.5"', ...o });
const psu = (o: Partial<Fuente> = {}): Fuente => ({
  tipo: 'FUENTE',
  potenciaW: 750,
  certificacion: '80 PLUS Gold',
  modular: true,
  ...o,
});
const pcCase = (o: Partial<Gabinete> = {}): Gabinete => ({
  tipo: 'GABINETE',
  formatos: ['ATX', 'Micro-ATX', 'Mini-ITX'],
  largoGpuMaxMm: 360,
  alturaCoolerMaxMm: 165,
  radiadorMaxMm: 360,
  ...o,
});
const air = (o: Partial<Refrigeracion> = {}): Refrigeracion => ({
  tipo: 'REFRIGERACION',
  refrigeracion: 'Aire',
  socketsCompatibles: ['AM4', 'AM5', 'LGA1700', 'LGA1851'],
  alturaMm: 155,
  consumoW: 5,
  ...o,
});
const aio = (o: Partial<Refrigeracion> = {}): Refrigeracion => ({
  tipo: 'REFRIGERACION',
  refrigeracion: 'Líquida',
  socketsCompatibles: ['AM4', 'AM5', 'LGA1700', 'LGA1851'],
  radiadorMm: 240,
  consumoW: 10,
  ...o,
});

const mensajes = (parts: Componente[]) => checkBuild(parts).incompatibilidades;

describe('reglas de compatibilidad: cada par compatible e incompatible', () => {
  it.each<[string, Componente[], Componente, string[]]>([
    ['procesador AM5 en placa AM5', [board()], cpu(), []],
    [
      'procesador AM5 en placa LGA1700',
      [board({ socket: 'LGA1700', chipset: 'B760' })],
      cpu(),
      ['Socket AM5, tu placa es LGA1700'],
    ],
    [
      'placa LGA1851 con procesador AM5',
      [cpu()],
      board({ socket: 'LGA1851', chipset: 'Z890' }),
      ['Socket LGA1851, tu procesador es AM5'],
    ],
    ['refrigeración con el socket del procesador', [cpu()], air(), []],
    [
      'refrigeración sin el socket del procesador',
      [cpu({ socket: 'LGA1851' })],
      air({ socketsCompatibles: ['AM4', 'AM5', 'LGA1700'] }),
      ['Sirve para AM4, AM5 y LGA1700, tu procesador es LGA1851'],
    ],
    [
      'sin procesador, la refrigeración se compara con la placa',
      [board()],
      air({ socketsCompatibles: ['LGA1700'] }),
      ['Sirve para LGA1700, tu placa es AM5'],
    ],
    [
      'procesador que la refrigeración elegida no sostiene',
      [air({ socketsCompatibles: ['LGA1700'] })],
      cpu(),
      ['Socket AM5, tu refrigeración sirve para LGA1700'],
    ],
    ['memoria DDR5 en placa DDR5', [board()], ram(), []],
    [
      'memoria DDR4 en placa DDR5',
      [board()],
      ram({ tipoMemoria: 'DDR4' }),
      ['DDR4, tu placa usa DDR5'],
    ],
    [
      'placa DDR4 con memoria DDR5',
      [ram()],
      board({ socket: 'LGA1700', tipoMemoria: 'DDR4' }),
      ['Usa DDR4, tu memoria es DDR5'],
    ],
    ['kit de 2 módulos en placa de 2 ranuras', [board({ ranurasMemoria: 2 })], ram(), []],
    [
      'kit de 4 módulos en placa de 2 ranuras',
      [board({ ranurasMemoria: 2 })],
      ram({ modulos: 4, capacidadGb: 64 }),
      ['4 módulos, tu placa tiene 2 ranuras'],
    ],
    [
      'un segundo kit que ya no cabe',
      [board({ ranurasMemoria: 2 }), ram()],
      ram(),
      ['4 módulos, tu placa tiene 2 ranuras'],
    ],
    [
      'placa de 2 ranuras con un kit de 4 módulos',
      [ram({ modulos: 4 })],
      board({ ranurasMemoria: 2 }),
      ['2 ranuras de memoria, tu memoria son 4 módulos'],
    ],
    ['placa ATX en gabinete ATX', [pcCase()], board(), []],
    [
      'placa ATX en gabinete Micro-ATX',
      [pcCase({ formatos: ['Micro-ATX', 'Mini-ITX'] })],
      board(),
      ['Formato ATX, tu gabinete admite Micro-ATX y Mini-ITX'],
    ],
    [
      'gabinete Mini-ITX con placa Micro-ATX',
      [board({ formato: 'Micro-ATX' })],
      pcCase({ formatos: ['Mini-ITX'] }),
      ['Admite Mini-ITX, tu placa es Micro-ATX'],
    ],
    ['tarjeta de 300 mm en gabinete de 360 mm', [pcCase()], gpu(), []],
    ['tarjeta justo del largo máximo', [pcCase({ largoGpuMaxMm: 300 })], gpu(), []],
    [
      'tarjeta de 336 mm en gabinete de 300 mm',
      [pcCase({ largoGpuMaxMm: 300 })],
      gpu({ largoMm: 336 }),
      ['Largo 336 mm, tu gabinete admite hasta 300 mm'],
    ],
    [
      'gabinete corto para la tarjeta elegida',
      [gpu({ largoMm: 336 })],
      pcCase({ largoGpuMaxMm: 300 }),
      ['Admite tarjetas de hasta 300 mm, tu tarjeta mide 336 mm'],
    ],
    ['disipador de 155 mm en gabinete de 165 mm', [pcCase()], air(), []],
    [
      'disipador de 165 mm en gabinete de 155 mm',
      [pcCase({ alturaCoolerMaxMm: 155 })],
      air({ alturaMm: 165 }),
      ['Altura 165 mm, tu gabinete admite hasta 155 mm'],
    ],
    [
      'gabinete bajo para el disipador elegido',
      [air({ alturaMm: 165 })],
      pcCase({ alturaCoolerMaxMm: 155 }),
      ['Admite disipadores de hasta 155 mm, tu disipador mide 165 mm'],
    ],
    ['radiador de 240 mm en gabinete de 360 mm', [pcCase()], aio(), []],
    [
      'radiador de 360 mm en gabinete de 240 mm',
      [pcCase({ radiadorMaxMm: 240 })],
      aio({ radiadorMm: 360 }),
      ['Radiador de 360 mm, tu gabinete admite hasta 240 mm'],
    ],
    [
      'radiador en gabinete sin lugar para radiadores',
      [pcCase({ radiadorMaxMm: 0 })],
      aio(),
      ['Radiador de 240 mm, tu gabinete no admite radiadores'],
    ],
    ['unidad M.2 en placa con ranura libre', [board({ ranurasM2: 1 })], drive(), []],
    [
      'unidad M.2 con las ranuras ocupadas',
      [board({ ranurasM2: 1 }), drive()],
      drive(),
      ['Necesita una ranura M.2, tu placa tiene 1 ranura M.2 y está ocupada'],
    ],
    [
      'unidad M.2 en placa sin ranuras M.2',
      [board({ ranurasM2: 0 })],
      drive(),
      ['Necesita una ranura M.2, tu placa no tiene ranuras M.2'],
    ],
    ['unidad SATA en placa sin ranuras M.2 libres', [board({ ranurasM2: 1 }), drive()], sata(), []],
    [
      'placa con menos ranuras M.2 que las unidades elegidas',
      [drive(), drive()],
      board({ ranurasM2: 1 }),
      ['1 ranura M.2, tus unidades M.2 son 2'],
    ],
    ['fuente que cubre el consumo', [cpu(), board(), gpu()], psu({ potenciaW: 550 }), []],
    [
      'fuente que no cubre el consumo',
      [cpu({ tdpW: 170 }), board(), gpu({ consumoW: 320 })],
      psu({ potenciaW: 500 }),
      ['500 W, tu equipo consume 540 W'],
    ],
    [
      'tarjeta que la fuente elegida no alcanza a alimentar',
      [cpu({ tdpW: 170 }), board(), psu({ potenciaW: 500 })],
      gpu({ consumoW: 320 }),
      ['Tu fuente de 500 W no alcanza: el equipo consumiría 540 W'],
    ],
  ])('%s', (_caso, build, part, reasons) => {
    expect(compatibleWith(part, build)).toEqual(reasons);
    expect(mensajes([...build, part]).length).toBe(reasons.length);
  });

  it('la pieza elegida reemplaza a la de su tipo: otro procesador se compara con la placa', () => {
    const build = [cpu({ socket: 'LGA1700' }), board({ socket: 'LGA1700' })];
    expect(compatibleWith(cpu({ socket: 'LGA1700', nucleos: 20 }), build)).toEqual([]);
    expect(compatibleWith(cpu(), build)).toEqual(['Socket AM5, tu placa es LGA1700']);
  });

  it('fitsBuild pesa muchas piezas de varios tipos contra un armado como compatibleWith una a una', () => {
    const build = [cpu({ socket: 'LGA1700' }), board({ socket: 'LGA1700', tipoMemoria: 'DDR4' })];
    const fits = fitsBuild(build);
    const parts = [cpu(), cpu({ socket: 'LGA1700' }), ram(), ram({ tipoMemoria: 'DDR4' }), board()];
    for (const part of [...parts, ...parts])
      expect(fits(part)).toEqual(compatibleWith(part, build));
    expect(fits(cpu())).toEqual(['Socket AM5, tu placa es LGA1700']);
    const same = cpu();
    expect(fits(same)).toBe(fits(same));
  });

  it('un conflicto que ya existía no se achaca a la pieza nueva', () => {
    const build = [cpu(), board({ socket: 'LGA1700' })];
    expect(compatibleWith(ram(), build)).toEqual([]);
  });

  it('checkBuild nombra los dos tipos y lo dice en una frase', () => {
    expect(mensajes([cpu(), board({ socket: 'LGA1700' })])).toEqual([
      {
        entre: ['PROCESADOR', 'PLACA_MADRE'],
        mensaje: 'El procesador es AM5 y la placa madre LGA1700.',
      },
    ]);
    expect(mensajes([board(), pcCase({ formatos: ['Mini-ITX'] })])).toEqual([
      {
        entre: ['PLACA_MADRE', 'GABINETE'],
        mensaje: 'La placa madre es ATX y el gabinete admite Mini-ITX.',
      },
    ]);
  });

  it('dos piezas de un tipo que va una sola vez son incompatibles; memorias y unidades se suman', () => {
    expect(mensajes([cpu(), cpu()])).toEqual([
      { entre: ['PROCESADOR', 'PROCESADOR'], mensaje: 'Un equipo lleva un solo procesador.' },
    ]);
    expect(mensajes([board(), ram(), ram(), drive(), drive(), sata()])).toEqual([]);
  });

  it('un armado completo y compatible no tiene incompatibilidades ni advertencias', () => {
    const result = checkBuild([cpu(), board(), ram(), gpu(), drive(), psu(), pcCase(), air()]);
    expect(result.incompatibilidades).toEqual([]);
    expect(result.advertencias).toEqual([]);
  });
});

describe('consumo y fuente recomendada', () => {
  it(`suma el consumo de las piezas y agrega ${PSU_MARGIN_PERCENT} % redondeado a los ${PSU_STEP_W} W siguientes`, () => {
    // 65 + 50 + 10 + 200 + 5 + 5 = 335 W; × 1,3 = 435,5 → 450 W.
    const result = checkBuild([cpu(), board(), ram(), gpu(), drive(), psu(), pcCase(), air()]);
    expect(result.consumoEstimadoW).toBe(335);
    expect(result.fuenteRecomendadaW).toBe(450);
  });

  it.each([
    [0, 0],
    [1, 50],
    [100, 150],
    [500, 650],
    [576, 750],
    [577, 800],
  ])('%i W de consumo recomiendan una fuente de %i W', (draw, recommended) => {
    expect(recommendedPsuW(draw)).toBe(recommended);
  });

  it('la fuente, el gabinete y la memoria sin consumo declarado no suman', () => {
    expect(checkBuild([psu(), pcCase()]).consumoEstimadoW).toBe(0);
    expect(checkBuild([psu(), pcCase()]).fuenteRecomendadaW).toBe(0);
  });
});

describe('advertencias', () => {
  const noGraphics =
    'Tu procesador no tiene gráficos integrados: necesitas una tarjeta de video para tener imagen.';
  const singleChannel =
    'Con un solo módulo la memoria funciona en canal simple: tu placa rinde más con dos.';

  it('procesador sin gráficos integrados y sin tarjeta de video', () => {
    expect(checkBuild([cpu({ graficosIntegrados: false })]).advertencias).toEqual([
      { entre: ['PROCESADOR', 'TARJETA_VIDEO'], mensaje: noGraphics },
    ]);
    expect(checkBuild([cpu({ graficosIntegrados: false }), gpu()]).advertencias).toEqual([]);
    expect(checkBuild([cpu()]).advertencias).toEqual([]);
  });

  it('un solo módulo en una placa de doble canal', () => {
    expect(checkBuild([board(), ram({ modulos: 1, capacidadGb: 16 })]).advertencias).toEqual([
      { entre: ['MEMORIA', 'PLACA_MADRE'], mensaje: singleChannel },
    ]);
    expect(checkBuild([board(), ram()]).advertencias).toEqual([]);
    expect(checkBuild([board({ ranurasMemoria: 1 }), ram({ modulos: 1 })]).advertencias).toEqual(
      [],
    );
  });

  it('fuente que cubre el consumo pero queda bajo la recomendada', () => {
    // 65 + 50 + 10 + 200 = 325 W → recomendada 450 W.
    const build = [cpu(), board(), ram(), gpu()];
    expect(checkBuild([...build, psu({ potenciaW: 400 })]).advertencias).toEqual([
      {
        entre: ['FUENTE'],
        mensaje: 'Tu fuente de 400 W queda justa: para este equipo recomendamos 450 W.',
      },
    ]);
    expect(checkBuild([...build, psu({ potenciaW: 400 })]).incompatibilidades).toEqual([]);
    expect(checkBuild([...build, psu({ potenciaW: 450 })]).advertencias).toEqual([]);
    // Below the draw itself it is no longer a warning but an incompatibility.
    const short = checkBuild([...build, psu({ potenciaW: 300 })]);
    expect(short.advertencias).toEqual([]);
    expect(short.incompatibilidades).toEqual([
      {
        entre: ['FUENTE', 'TARJETA_VIDEO'],
        mensaje: 'La fuente entrega 300 W y el equipo consume 325 W.',
      },
    ]);
  });
});
