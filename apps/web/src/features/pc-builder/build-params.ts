import { TIPOS_COMPONENTE, type ComponenteParcial, type TipoComponente } from '@nexbyte/shared';

/** The parts chosen so far, one per step (docs/product.md#arma-tu-pc). */
export type Chosen = Partial<Record<TipoComponente, number>>;

/** Each step's name in the builder's address: `/arma-tu-pc?procesador=12&placa=40`. */
export const STEP_PARAM: Readonly<Record<TipoComponente, string>> = {
  PROCESADOR: 'procesador',
  PLACA_MADRE: 'placa',
  MEMORIA: 'memoria',
  TARJETA_VIDEO: 'video',
  ALMACENAMIENTO: 'almacenamiento',
  FUENTE: 'fuente',
  GABINETE: 'gabinete',
  REFRIGERACION: 'refrigeracion',
};

const validId = (value: string | null): number | null => {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
};

/** The build in an address's query; anything that is not an id is left out. */
export function chosenFromParams(params: URLSearchParams): Chosen {
  const chosen: Chosen = {};
  for (const tipo of TIPOS_COMPONENTE) {
    const id = validId(params.get(STEP_PARAM[tipo]));
    if (id !== null) chosen[tipo] = id;
  }
  return chosen;
}

/** The build as the builder's query, in the steps' order. */
export function paramsFromChosen(chosen: Chosen): URLSearchParams {
  const params = new URLSearchParams();
  for (const tipo of TIPOS_COMPONENTE) {
    const id = chosen[tipo];
    if (id !== undefined) params.set(STEP_PARAM[tipo], String(id));
  }
  return params;
}

/** The builder's address for a build. */
export const builderPath = (chosen: Chosen): string => {
  const query = paramsFromChosen(chosen).toString();
  return query ? `/arma-tu-pc?${query}` : '/arma-tu-pc';
};

export const sharedBuildPath = (codigo: string) => `/arma-tu-pc/b/${encodeURIComponent(codigo)}`;

/** The chosen parts' ids in the steps' order. */
export const chosenIds = (chosen: Chosen): number[] =>
  TIPOS_COMPONENTE.flatMap((tipo) => (chosen[tipo] === undefined ? [] : [chosen[tipo]]));

/** A saved build's parts as the builder's steps: the first part of each kind. */
export function chosenFromParts(parts: { id: number; componente?: ComponenteParcial }[]) {
  const chosen: Chosen = {};
  for (const part of parts) {
    const tipo = part.componente?.tipo as TipoComponente | undefined;
    if (tipo && chosen[tipo] === undefined) chosen[tipo] = part.id;
  }
  return chosen;
}

export const isEmpty = (chosen: Chosen) => Object.keys(chosen).length === 0;
