import {
  compatibleWith,
  completeComponent,
  COMPATIBLES_PER_KIND,
  TIPO_COMPONENTE_LABEL,
  type Compatibles,
  type Componente,
  type TipoComponente,
} from '@nexbyte/shared';
import { and, asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { partsByIds } from './pc-parts';
import { productos } from './products.schema';

/**
 * The kinds whose rules meet each kind's (docs/product.md#arma-tu-pc): a part of another kind
 * fits anything, and listing it as 'compatible' would say nothing.
 */
const RELATED: Readonly<Record<TipoComponente, readonly TipoComponente[]>> = {
  PROCESADOR: ['PLACA_MADRE', 'REFRIGERACION'],
  PLACA_MADRE: ['PROCESADOR', 'MEMORIA', 'GABINETE', 'REFRIGERACION'],
  MEMORIA: ['PLACA_MADRE'],
  TARJETA_VIDEO: ['GABINETE', 'FUENTE'],
  ALMACENAMIENTO: ['PLACA_MADRE'],
  FUENTE: ['TARJETA_VIDEO'],
  GABINETE: ['PLACA_MADRE', 'TARJETA_VIDEO', 'REFRIGERACION'],
  REFRIGERACION: ['PROCESADOR', 'PLACA_MADRE', 'GABINETE'],
};

/** The cheapest parts of a kind read to find a few that fit: enough, and a bounded read. */
const CANDIDATES_READ = 200;

/**
 * For a part with a complete specification, a few parts of each related kind, on sale with
 * stock and a complete specification, that compatibleWith finds fitting it, cheapest first.
 * Anything else (not a part, or a part whose values are not all known) has none.
 */
export async function compatibleParts(
  db: Db,
  product: { id: number; componente?: unknown },
): Promise<Compatibles> {
  const part = completeComponent(product.componente as Parameters<typeof completeComponent>[0]);
  if (!part) return { grupos: [] };
  const chosen = await Promise.all(
    RELATED[part.tipo].map(async (tipo) => {
      const candidates = await specsOnSale(db, tipo);
      const fitting = candidates.filter((c) => {
        if (c.id === product.id) return false;
        const spec: Componente | null = completeComponent(c.componente);
        return spec !== null && compatibleWith(spec, [part]).length === 0;
      });
      return { tipo, ids: fitting.slice(0, COMPATIBLES_PER_KIND).map((c) => c.id) };
    }),
  );
  const found = new Map(
    (
      await partsByIds(
        db,
        chosen.flatMap((g) => g.ids),
      )
    ).map((p) => [p.id, p]),
  );
  return {
    grupos: chosen
      .map(({ tipo, ids }) => ({
        tipo,
        etiqueta: TIPO_COMPONENTE_LABEL[tipo],
        productos: ids.flatMap((id) => found.get(id) ?? []),
      }))
      .filter((g) => g.productos.length > 0),
  };
}

/**
 * The id and specification of the cheapest parts of `tipo` on sale with stock: the rows of the
 * partial index productos_componente_tipo_idx, whose predicate this repeats.
 */
async function specsOnSale(db: Db, tipo: TipoComponente) {
  const rows = await db
    .select({ id: productos.id, componente: productos.componente })
    .from(productos)
    .where(
      and(
        sql`${productos.componente} is not null and ${productos.activo} and ${productos.stock} > 0`,
        sql`(${productos.componente}->>'tipo') = ${tipo}`,
      ),
    )
    .orderBy(asc(productos.precio), asc(productos.id))
    .limit(CANDIDATES_READ);
  return rows;
}
