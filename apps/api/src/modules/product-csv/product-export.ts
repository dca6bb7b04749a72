import { pipeline, Readable } from 'node:stream';
import { CSV_PRODUCT_COLUMNS } from '@nexbyte/shared';
import { stringify } from 'csv-stringify';
import type { Db } from '../../db/client';
import { productPageForExport } from '../products/products.service';
import {
  formatActive,
  formatComponent,
  formatMeasure,
  formatOfferInstant,
  formatPrice,
  formatSpecs,
  spreadsheetCsvOptions,
} from './csv-format';

/** Rows read per query: each query stays short, and memory holds one page whatever the catalogue. */
const EXPORT_PAGE = 1000;

async function* productRows(db: Db): AsyncGenerator<string[]> {
  let after = 0;
  for (;;) {
    const page = await productPageForExport(db, after, EXPORT_PAGE);
    for (const p of page) {
      yield [
        p.sku,
        p.nombre,
        p.marca ?? '',
        p.categoria,
        formatPrice(Number(p.precio)),
        String(p.stock),
        formatActive(p.activo),
        p.descripcion ?? '',
        formatSpecs(p.especificaciones),
        formatMeasure(p.pesoKg),
        formatMeasure(p.largoCm),
        formatMeasure(p.anchoCm),
        formatMeasure(p.altoCm),
        formatComponent(p.componente),
        p.precioOferta === null ? '' : formatPrice(Number(p.precioOferta)),
        formatOfferInstant(p.ofertaDesde),
        formatOfferInstant(p.ofertaHasta),
      ];
    }
    if (page.length < EXPORT_PAGE) return;
    after = page[page.length - 1]!.id;
  }
}

/**
 * Every product, active or not, as the CSV the import reads back: UTF-8 with BOM and ';' so that
 * Excel in Chile opens it as columns. Streamed page by page (keyset on id), never whole in memory.
 */
export function exportProducts(db: Db, onError: (err: Error) => void) {
  const csv = stringify(spreadsheetCsvOptions(CSV_PRODUCT_COLUMNS));
  // pipeline, not pipe: a failed query must end the response instead of leaving it open.
  pipeline(Readable.from(productRows(db)), csv, (err) => {
    if (err) onError(err);
  });
  return csv;
}
