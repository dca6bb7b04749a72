import {
  completeComponent,
  COMPATIBLES_PER_KIND,
  fitsBuild,
  TIPO_COMPONENTE_LABEL,
  type Compatibles,
  type TipoComponente,
} from '@nexbyte/shared';
import type { Db } from '../../db/client';
import { partsByIds, type PartsOnSale } from './pc-parts';

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

/**
 * For a part with a complete specification, a few parts of each related kind, on sale with
 * stock and a complete specification, that compatibleWith finds fitting it, cheapest first.
 * Anything else (not a part, or a part whose values are not all known) has none.
 */
export async function compatibleParts(
  db: Db,
  partsOnSale: PartsOnSale,
  product: { id: number; componente?: unknown },
): Promise<Compatibles> {
  const part = completeComponent(product.componente as Parameters<typeof completeComponent>[0]);
  if (!part) return { grupos: [] };
  const chosen = await Promise.all(
    RELATED[part.tipo].map(async (tipo) => {
      const ids: number[] = [];
      const fits = fitsBuild([part]);
      for (const c of await partsOnSale(tipo)) {
        if (ids.length === COMPATIBLES_PER_KIND) break;
        if (c.id !== product.id && fits(c.componente).length === 0) ids.push(c.id);
      }
      return { tipo, ids };
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
