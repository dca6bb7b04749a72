// Whether the parts of a build fit together, once for the builder's pages and the server that
// checks a build before it goes into a cart (docs/product.md#arma-tu-pc).
import { PSU_MARGIN_PERCENT, PSU_STEP_W } from '../constants';
import type { TipoComponente } from './kinds';
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

/** Two parts (or a part and the rest of the build) that do not fit together. */
export interface Incompatibilidad {
  entre: readonly [TipoComponente, TipoComponente];
  mensaje: string;
}

/** Something that works but that the customer should know. */
export interface Advertencia {
  entre: readonly TipoComponente[];
  mensaje: string;
}

export interface RevisionArmado {
  incompatibilidades: Incompatibilidad[];
  advertencias: Advertencia[];
  /** The sum of the parts' draw, in watts. */
  consumoEstimadoW: number;
  /** The power supply the build needs: the draw plus the margin, in watts (0 with no draw). */
  fuenteRecomendadaW: number;
}

/** Kinds a build may hold more than one of: memory kits and drives. */
const REPEATABLE: ReadonlySet<TipoComponente> = new Set(['MEMORIA', 'ALMACENAMIENTO']);

export const isRepeatableKind = (tipo: TipoComponente): boolean => REPEATABLE.has(tipo);

interface Parts {
  cpu?: Procesador;
  board?: PlacaMadre;
  memory: Memoria[];
  gpu?: TarjetaVideo;
  drives: Almacenamiento[];
  psu?: Fuente;
  pcCase?: Gabinete;
  cooler?: Refrigeracion;
}

/**
 * A conflict as every reader needs it: the build's sentence, and the reason shown next to a
 * candidate part of either kind ('Socket AM5, tu placa es LGA1700').
 */
interface Conflict {
  entre: readonly [TipoComponente, TipoComponente];
  mensaje: string;
  motivo: Partial<Record<TipoComponente, string>>;
}

const list = (values: readonly string[]): string =>
  values.length <= 1
    ? (values[0] ?? '')
    : `${values.slice(0, -1).join(', ')} y ${values[values.length - 1]}`;

const isM2 = (d: Almacenamiento) => d.formato === 'M.2 2280';

/** The estimated draw of the parts chosen so far, in watts. */
const drawOf = (p: Parts): number =>
  (p.cpu?.tdpW ?? 0) +
  (p.board?.consumoW ?? 0) +
  p.memory.reduce((sum, m) => sum + m.consumoW, 0) +
  (p.gpu?.consumoW ?? 0) +
  p.drives.reduce((sum, d) => sum + d.consumoW, 0) +
  (p.cooler?.consumoW ?? 0);

/** The estimated draw plus PSU_MARGIN_PERCENT, rounded up to the next PSU_STEP_W. */
export const recommendedPsuW = (consumoW: number): number =>
  consumoW <= 0
    ? 0
    : Math.ceil((consumoW * (100 + PSU_MARGIN_PERCENT)) / 100 / PSU_STEP_W) * PSU_STEP_W;

const socketConflicts = ({ cpu, board, cooler }: Parts): Conflict[] => {
  const out: Conflict[] = [];
  if (cpu && board && cpu.socket !== board.socket) {
    out.push({
      entre: ['PROCESADOR', 'PLACA_MADRE'],
      mensaje: `El procesador es ${cpu.socket} y la placa madre ${board.socket}.`,
      motivo: {
        PROCESADOR: `Socket ${cpu.socket}, tu placa es ${board.socket}`,
        PLACA_MADRE: `Socket ${board.socket}, tu procesador es ${cpu.socket}`,
      },
    });
  }
  // The cooler sits on the processor; with no processor yet, the board says which socket.
  const holder = cpu
    ? { tipo: 'PROCESADOR' as const, socket: cpu.socket }
    : board && {
        tipo: 'PLACA_MADRE' as const,
        socket: board.socket,
      };
  if (cooler && holder && !cooler.socketsCompatibles.includes(holder.socket)) {
    const sockets = list(cooler.socketsCompatibles);
    const whose = holder.tipo === 'PROCESADOR' ? 'tu procesador' : 'tu placa';
    out.push({
      entre: [holder.tipo, 'REFRIGERACION'],
      mensaje: `La refrigeración sirve para ${sockets}; ${
        holder.tipo === 'PROCESADOR' ? 'el procesador' : 'la placa madre'
      } es ${holder.socket}.`,
      motivo: {
        [holder.tipo]: `Socket ${holder.socket}, tu refrigeración sirve para ${sockets}`,
        REFRIGERACION: `Sirve para ${sockets}, ${whose} es ${holder.socket}`,
      },
    });
  }
  return out;
};

const memoryConflicts = ({ board, memory }: Parts): Conflict[] => {
  if (!board) return [];
  const out: Conflict[] = [];
  for (const kit of memory) {
    if (kit.tipoMemoria !== board.tipoMemoria) {
      out.push({
        entre: ['PLACA_MADRE', 'MEMORIA'],
        mensaje: `La memoria es ${kit.tipoMemoria} y la placa madre usa ${board.tipoMemoria}.`,
        motivo: {
          PLACA_MADRE: `Usa ${board.tipoMemoria}, tu memoria es ${kit.tipoMemoria}`,
          MEMORIA: `${kit.tipoMemoria}, tu placa usa ${board.tipoMemoria}`,
        },
      });
    }
  }
  const modules = memory.reduce((sum, m) => sum + m.modulos, 0);
  if (modules > board.ranurasMemoria) {
    const slots = `${board.ranurasMemoria} ${board.ranurasMemoria === 1 ? 'ranura' : 'ranuras'}`;
    const mods = `${modules} ${modules === 1 ? 'módulo' : 'módulos'}`;
    out.push({
      entre: ['PLACA_MADRE', 'MEMORIA'],
      mensaje: `La memoria son ${mods} y la placa madre tiene ${slots}.`,
      motivo: {
        PLACA_MADRE: `${slots} de memoria, tu memoria son ${mods}`,
        MEMORIA: `${mods}, tu placa tiene ${slots}`,
      },
    });
  }
  return out;
};

const m2Conflicts = ({ board, drives }: Parts): Conflict[] => {
  const m2 = drives.filter(isM2).length;
  if (!board || m2 <= board.ranurasM2) return [];
  const slots =
    board.ranurasM2 === 0
      ? 'tu placa no tiene ranuras M.2'
      : `tu placa tiene ${board.ranurasM2} ${board.ranurasM2 === 1 ? 'ranura M.2' : 'ranuras M.2'} y ${
          board.ranurasM2 === 1 ? 'está ocupada' : 'están ocupadas'
        }`;
  return [
    {
      entre: ['PLACA_MADRE', 'ALMACENAMIENTO'],
      mensaje: `Hay ${m2} unidades M.2 y la placa madre tiene ${board.ranurasM2} ${
        board.ranurasM2 === 1 ? 'ranura M.2' : 'ranuras M.2'
      }.`,
      motivo: {
        PLACA_MADRE: `${board.ranurasM2} ${
          board.ranurasM2 === 1 ? 'ranura M.2' : 'ranuras M.2'
        }, tus unidades M.2 son ${m2}`,
        ALMACENAMIENTO: `Necesita una ranura M.2, ${slots}`,
      },
    },
  ];
};

const caseConflicts = ({ board, gpu, cooler, pcCase }: Parts): Conflict[] => {
  if (!pcCase) return [];
  const out: Conflict[] = [];
  if (board && !pcCase.formatos.includes(board.formato)) {
    const formats = list(pcCase.formatos);
    out.push({
      entre: ['PLACA_MADRE', 'GABINETE'],
      mensaje: `La placa madre es ${board.formato} y el gabinete admite ${formats}.`,
      motivo: {
        PLACA_MADRE: `Formato ${board.formato}, tu gabinete admite ${formats}`,
        GABINETE: `Admite ${formats}, tu placa es ${board.formato}`,
      },
    });
  }
  if (gpu && gpu.largoMm > pcCase.largoGpuMaxMm) {
    out.push({
      entre: ['TARJETA_VIDEO', 'GABINETE'],
      mensaje: `La tarjeta de video mide ${gpu.largoMm} mm y el gabinete admite hasta ${pcCase.largoGpuMaxMm} mm.`,
      motivo: {
        TARJETA_VIDEO: `Largo ${gpu.largoMm} mm, tu gabinete admite hasta ${pcCase.largoGpuMaxMm} mm`,
        GABINETE: `Admite tarjetas de hasta ${pcCase.largoGpuMaxMm} mm, tu tarjeta mide ${gpu.largoMm} mm`,
      },
    });
  }
  if (cooler?.alturaMm !== undefined && cooler.alturaMm > pcCase.alturaCoolerMaxMm) {
    out.push({
      entre: ['REFRIGERACION', 'GABINETE'],
      mensaje: `El disipador mide ${cooler.alturaMm} mm de alto y el gabinete admite hasta ${pcCase.alturaCoolerMaxMm} mm.`,
      motivo: {
        REFRIGERACION: `Altura ${cooler.alturaMm} mm, tu gabinete admite hasta ${pcCase.alturaCoolerMaxMm} mm`,
        GABINETE: `Admite disipadores de hasta ${pcCase.alturaCoolerMaxMm} mm, tu disipador mide ${cooler.alturaMm} mm`,
      },
    });
  }
  if (cooler?.radiadorMm !== undefined && cooler.radiadorMm > pcCase.radiadorMaxMm) {
    const room =
      pcCase.radiadorMaxMm === 0
        ? 'tu gabinete no admite radiadores'
        : `tu gabinete admite hasta ${pcCase.radiadorMaxMm} mm`;
    out.push({
      entre: ['REFRIGERACION', 'GABINETE'],
      mensaje: `El radiador mide ${cooler.radiadorMm} mm y el gabinete admite ${
        pcCase.radiadorMaxMm === 0 ? 'ninguno' : `hasta ${pcCase.radiadorMaxMm} mm`
      }.`,
      motivo: {
        REFRIGERACION: `Radiador de ${cooler.radiadorMm} mm, ${room}`,
        GABINETE:
          pcCase.radiadorMaxMm === 0
            ? `No admite radiadores, tu refrigeración tiene uno de ${cooler.radiadorMm} mm`
            : `Admite radiadores de hasta ${pcCase.radiadorMaxMm} mm, el tuyo mide ${cooler.radiadorMm} mm`,
      },
    });
  }
  return out;
};

/** The kind that draws the most besides the power supply: the other side of a power conflict. */
const biggestDraw = (p: Parts): TipoComponente =>
  p.gpu && p.gpu.consumoW >= (p.cpu?.tdpW ?? 0)
    ? 'TARJETA_VIDEO'
    : p.cpu
      ? 'PROCESADOR'
      : 'PLACA_MADRE';

const powerConflicts = (p: Parts): Conflict[] => {
  const draw = drawOf(p);
  if (!p.psu || p.psu.potenciaW >= draw) return [];
  const watts = p.psu.potenciaW;
  const other = `Tu fuente de ${watts} W no alcanza: el equipo consumiría ${draw} W`;
  return [
    {
      entre: ['FUENTE', biggestDraw(p)],
      mensaje: `La fuente entrega ${watts} W y el equipo consume ${draw} W.`,
      motivo: {
        FUENTE: `${watts} W, tu equipo consume ${draw} W`,
        PROCESADOR: other,
        PLACA_MADRE: other,
        MEMORIA: other,
        TARJETA_VIDEO: other,
        ALMACENAMIENTO: other,
        REFRIGERACION: other,
      },
    },
  ];
};

const ONE_PER_BUILD: Readonly<Record<TipoComponente, string>> = {
  PROCESADOR: 'un solo procesador',
  PLACA_MADRE: 'una sola placa madre',
  MEMORIA: '',
  TARJETA_VIDEO: 'una sola tarjeta de video',
  ALMACENAMIENTO: '',
  FUENTE: 'una sola fuente de poder',
  GABINETE: 'un solo gabinete',
  REFRIGERACION: 'una sola refrigeración',
};

const duplicateConflicts = (parts: readonly Componente[]): Conflict[] => {
  const seen = new Set<TipoComponente>();
  const out: Conflict[] = [];
  for (const part of parts) {
    if (seen.has(part.tipo) && !REPEATABLE.has(part.tipo)) {
      out.push({
        entre: [part.tipo, part.tipo],
        mensaje: `Un equipo lleva ${ONE_PER_BUILD[part.tipo]}.`,
        motivo: {},
      });
    }
    seen.add(part.tipo);
  }
  return out;
};

const sortParts = (parts: readonly Componente[]): Parts => {
  const p: Parts = { memory: [], drives: [] };
  for (const part of parts) {
    switch (part.tipo) {
      case 'PROCESADOR':
        p.cpu ??= part;
        break;
      case 'PLACA_MADRE':
        p.board ??= part;
        break;
      case 'MEMORIA':
        p.memory.push(part);
        break;
      case 'TARJETA_VIDEO':
        p.gpu ??= part;
        break;
      case 'ALMACENAMIENTO':
        p.drives.push(part);
        break;
      case 'FUENTE':
        p.psu ??= part;
        break;
      case 'GABINETE':
        p.pcCase ??= part;
        break;
      case 'REFRIGERACION':
        p.cooler ??= part;
        break;
    }
  }
  return p;
};

const conflictsOf = (parts: readonly Componente[]): Conflict[] => {
  const p = sortParts(parts);
  return [
    ...duplicateConflicts(parts),
    ...socketConflicts(p),
    ...memoryConflicts(p),
    ...m2Conflicts(p),
    ...caseConflicts(p),
    ...powerConflicts(p),
  ];
};

const warningsOf = (p: Parts, draw: number, recommended: number): Advertencia[] => {
  const out: Advertencia[] = [];
  if (p.cpu && !p.cpu.graficosIntegrados && !p.gpu) {
    out.push({
      entre: ['PROCESADOR', 'TARJETA_VIDEO'],
      mensaje:
        'Tu procesador no tiene gráficos integrados: necesitas una tarjeta de video para tener imagen.',
    });
  }
  const modules = p.memory.reduce((sum, m) => sum + m.modulos, 0);
  if (p.board && modules === 1 && p.board.ranurasMemoria >= 2) {
    out.push({
      entre: ['MEMORIA', 'PLACA_MADRE'],
      mensaje:
        'Con un solo módulo la memoria funciona en canal simple: tu placa rinde más con dos.',
    });
  }
  if (p.psu && p.psu.potenciaW >= draw && p.psu.potenciaW < recommended) {
    out.push({
      entre: ['FUENTE'],
      mensaje: `Tu fuente de ${p.psu.potenciaW} W queda justa: para este equipo recomendamos ${recommended} W.`,
    });
  }
  return out;
};

/** Everything the builder and the cart need to know about a build. */
export const checkBuild = (parts: readonly Componente[]): RevisionArmado => {
  const p = sortParts(parts);
  const consumoEstimadoW = drawOf(p);
  const fuenteRecomendadaW = recommendedPsuW(consumoEstimadoW);
  return {
    incompatibilidades: conflictsOf(parts).map(({ entre, mensaje }) => ({ entre, mensaje })),
    advertencias: warningsOf(p, consumoEstimadoW, fuenteRecomendadaW),
    consumoEstimadoW,
    fuenteRecomendadaW,
  };
};

/**
 * Why a part does not fit `build`, in the words shown next to it ('Socket AM5, tu placa es
 * LGA1700'); empty when it fits. The part takes the place of the build's part of its kind, except
 * memory kits and drives, which are added. For weighing many parts against one build (a step's
 * list): the build's own conflicts are found once per kind, not once per part, and a part given
 * again (the same object: parts with equal specifications may share one) is answered from memory.
 * The answers are shared: callers must not change them.
 */
export const fitsBuild = (build: readonly Componente[]): ((part: Componente) => string[]) => {
  const byKind = new Map<TipoComponente, { rest: readonly Componente[]; known: Set<string> }>();
  const answered = new Map<Componente, string[]>();
  return (part) => {
    const before = answered.get(part);
    if (before) return before;
    let against = byKind.get(part.tipo);
    if (!against) {
      const rest = REPEATABLE.has(part.tipo) ? build : build.filter((b) => b.tipo !== part.tipo);
      against = { rest, known: new Set(conflictsOf(rest).map((c) => c.mensaje)) };
      byKind.set(part.tipo, against);
    }
    const known = against.known;
    const reasons: string[] = [];
    for (const c of conflictsOf([...against.rest, part])) {
      const reason = c.motivo[part.tipo];
      if (reason !== undefined && !known.has(c.mensaje)) reasons.push(reason);
    }
    answered.set(part, reasons);
    return reasons;
  };
};

/** Why `part` does not fit `build` (fitsBuild, for one part). */
export const compatibleWith = (part: Componente, build: readonly Componente[]): string[] =>
  fitsBuild(build)(part);
