// 'Arma tu PC' on the server (docs/product.md#arma-tu-pc): a step's lists, and the check a build
// passes before it goes into a cart or is saved. The rules are the shared ones, never a copy.
import { randomBytes } from 'node:crypto';
import {
  checkBuild,
  completeComponent,
  fitsBuild,
  PC_BUILD_MESSAGES,
  PC_RECOMMENDED_MAX,
  type Armado,
  type ArmadoRevisado,
  type Componente,
  type Incompatibilidad,
  type PasoArmado,
  type Producto,
  type TipoComponente,
} from '@nexbyte/shared';
import type { Db } from '../../db/client';
import { HttpError } from '../../http-errors';
import {
  partsByIds,
  specsByIds,
  PARTS_ON_SALE_MAX,
  type PartsByIds,
  type PartsOnSale,
  type ProductoConComponente,
} from '../products/pc-parts';
import { listRecommended, type ArmadoRow } from './pc-builds.repository';

/** The cheapest parts of a kind a step weighs (PARTS_ON_SALE_MAX). */
export const STEP_READ_MAX = PARTS_ON_SALE_MAX;

/** A build with parts that do not fit together: 409 with each pair's sentence. */
export class IncompatibleBuildError extends HttpError {
  constructor(readonly incompatibilidades: Incompatibilidad[]) {
    super(
      409,
      `${PC_BUILD_MESSAGES.incompatible}: ${incompatibilidades.map((i) => i.mensaje).join(' ')}`,
    );
    this.name = 'IncompatibleBuildError';
  }
}

const unprocessable = (message: string) => new HttpError(422, message);

type Part = { producto: ProductoConComponente; componente: Componente };

const asPart = (producto: ProductoConComponente): Part | null => {
  const componente = completeComponent(producto.componente);
  return componente ? { producto, componente } : null;
};

/**
 * A step's lists: the parts of `tipo` a shopper can buy (`partsOnSale`, the ones answered read
 * whole by `wholeParts`), split by whether they fit the parts
 * chosen so far (unknown, unsold or incomplete chosen parts are left out of the comparison, and
 * so is the step's own kind: what is listed takes its place).
 */
export async function stepLists(
  db: Db,
  partsOnSale: PartsOnSale,
  wholeParts: PartsByIds,
  tipo: TipoComponente,
  chosenIds: readonly number[],
  options: { incompatibles: boolean; limite: number },
): Promise<PasoArmado> {
  const [chosen, candidates] = await Promise.all([specsByIds(db, chosenIds), partsOnSale(tipo)]);
  const byId = new Map(chosen.map((p) => [p.id, p]));
  const build: Componente[] = [];
  for (const id of chosenIds) {
    const part = byId.get(id);
    const componente = part?.activo ? completeComponent(part.componente) : null;
    if (componente && componente.tipo !== tipo) build.push(componente);
  }
  const fitting: number[] = [];
  const others: { id: number; motivos: string[] }[] = [];
  let totalCompatibles = 0;
  let totalIncompatibles = 0;
  const fits = fitsBuild(build);
  for (const candidate of candidates) {
    const motivos = fits(candidate.componente);
    if (motivos.length === 0) {
      totalCompatibles += 1;
      if (fitting.length < options.limite) fitting.push(candidate.id);
    } else {
      totalIncompatibles += 1;
      if (options.incompatibles && others.length < options.limite)
        others.push({ id: candidate.id, motivos });
    }
  }
  // Only the parts answered are read whole, in the order found (cheapest first).
  const products = new Map(
    (await wholeParts([...fitting, ...others.map((o) => o.id)])).map((p) => [p.id, p]),
  );
  const whole = (id: number) => products.get(id);
  return {
    tipo,
    compatibles: fitting.map(whole).filter((p): p is Producto => p !== undefined),
    totalCompatibles,
    incompatibles: others.flatMap(({ id, motivos }) => {
      const producto = whole(id);
      return producto ? [{ producto, motivos }] : [];
    }),
    totalIncompatibles,
  };
}

const totalOf = (parts: readonly Producto[]) => parts.reduce((sum, p) => sum + p.precio, 0);

/**
 * The server's check of a build (before the cart, before it is saved): every part known, on
 * sale, with stock for as many as the build holds and a complete typed specification, and no
 * pair incompatible. Throws 422 or 409 in Spanish; answers the parts in the build's order.
 */
export async function checkParts(
  db: Db,
  ids: readonly number[],
  { needStock }: { needStock: boolean },
): Promise<ArmadoRevisado> {
  const found = new Map((await partsByIds(db, ids)).map((p) => [p.id, p]));
  const wanted = new Map<number, number>();
  for (const id of ids) wanted.set(id, (wanted.get(id) ?? 0) + 1);
  const parts: Part[] = [];
  for (const id of ids) {
    const producto = found.get(id);
    if (!producto) throw unprocessable(PC_BUILD_MESSAGES.unknownPart);
    if (!producto.activo) throw unprocessable(PC_BUILD_MESSAGES.unavailable(producto.nombre));
    if (needStock && producto.stock < wanted.get(id)!)
      throw unprocessable(PC_BUILD_MESSAGES.noStock(producto.nombre));
    const part = asPart(producto);
    if (!part) throw unprocessable(PC_BUILD_MESSAGES.notAPart(producto.nombre));
    parts.push(part);
  }
  const revision = checkBuild(parts.map((p) => p.componente));
  if (revision.incompatibilidades.length > 0)
    throw new IncompatibleBuildError(revision.incompatibilidades);
  const piezas = parts.map((p) => p.producto);
  return { piezas, total: totalOf(piezas), revision };
}

/** 96 random bits, URL-safe: a build's link cannot be guessed from another's. */
export const newBuildCode = (): string => randomBytes(12).toString('base64url');

/** A saved build as shown: its parts on sale now, in its order, checked again. */
export async function presentBuild(db: Db, row: ArmadoRow): Promise<Armado> {
  const found = new Map((await partsByIds(db, row.piezas)).map((p) => [p.id, p]));
  const piezas: Producto[] = [];
  const componentes: Componente[] = [];
  for (const id of row.piezas) {
    const producto = found.get(id);
    if (!producto?.activo) continue;
    piezas.push(producto);
    const componente = completeComponent(producto.componente);
    if (componente) componentes.push(componente);
  }
  return {
    codigo: row.codigo,
    titulo: row.tituloRecomendado,
    piezas,
    piezasNoDisponibles: row.piezas.length - piezas.length,
    total: totalOf(piezas),
    revision: checkBuild(componentes),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function recommendedBuilds(db: Db): Promise<Armado[]> {
  const rows = await listRecommended(db, PC_RECOMMENDED_MAX);
  return Promise.all(rows.map((row) => presentBuild(db, row)));
}
