import {
  PRODUCT_MESSAGES,
  productoInputSchema,
  type InformeImportacion,
  type ResultadoImportacion,
} from '@nexbyte/shared';
import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from '../../db/client';
import { badRequest } from '../../http-errors';
import { listCategories } from '../categories/categories.service';
import {
  SKU_RESERVED,
  skuReservedFor,
  medidasOf,
  medidasRow,
  productsBySku,
  saveProductsBySku,
  type ProductWrite,
  type StoredProduct,
} from '../products/products.service';
import {
  categoryKey,
  componentIssue,
  normalizeHeader,
  parseComponent,
  parseActive,
  parsePrice,
  parseSpecs,
  unguardFormula,
} from './csv-format';
import { csvRecords, CSV_LIMIT_MESSAGES, type CsvLimits, type CsvRecord } from './csv-stream';

export const IMPORT_MESSAGES = {
  empty: 'El archivo no trae productos.',
  noSku: 'El archivo necesita una columna sku.',
  unreadable: CSV_LIMIT_MESSAGES.unreadable,
  skuRequired: 'El SKU es requerido para importar.',
  skuRepeated: (fila: number) => `El SKU ya aparece en la fila ${fila}.`,
  unknownCategory: (nombre: string) => `La categoría «${nombre}» no existe.`,
  inactiveCategory:
    'La categoría de este producto está desactivada: actívala en Categorías o importa el producto como inactivo.',
  activo: 'La columna activo debe decir sí o no.',
} as const;

export interface ImportOptions {
  /** Dry run: the report of what would happen, nothing written. */
  simular: boolean;
  /** When some rows fail, write the others anyway (otherwise nothing is written). */
  validas: boolean;
  /** Told after each batch of rows is checked, and before the writing starts; awaited. */
  onProgress?: (progress: ImportProgress) => void | Promise<void>;
  /** Told, inside the transaction that wrote them, the products brought back from none to some. */
  onRestock?: (tx: Db, ids: number[]) => Promise<void>;
}

/**
 * How far an import has got: checking rows (`filas` checked, `avance` the share of the file's
 * bytes behind them), then writing (`filas` written, `avance` their share of the rows to write).
 */
export interface ImportProgress {
  fase: 'revisando' | 'guardando';
  filas: number;
  avance: number;
}

type Column = 'sku' | 'nombre' | 'marca' | 'categoria' | 'precio' | 'stock' | 'activo';
type MeasureColumn = 'peso_kg' | 'largo_cm' | 'ancho_cm' | 'alto_cm';
type OfferColumn = 'precio_oferta' | 'oferta_desde' | 'oferta_hasta';
type TextColumn =
  Column | 'descripcion' | 'especificaciones' | MeasureColumn | 'componente' | OfferColumn;

const MEASURE_COLUMNS = ['peso_kg', 'largo_cm', 'ancho_cm', 'alto_cm'] as const;

/**
 * The four measure cells: absent from the file, the product keeps its own; all four empty, none;
 * otherwise all four, checked by the form's schema.
 */
function measuresOf(
  cell: (column: TextColumn) => string | undefined,
  existing: Existing | undefined,
) {
  const cells = MEASURE_COLUMNS.map((c) => cell(c));
  if (cells.every((c) => c === undefined)) return existing ? medidasOf(existing) : null;
  if (cells.every((c) => c === undefined || c.trim() === '')) return null;
  const [pesoKg, largoCm, anchoCm, altoCm] = cells.map((c) => c ?? '');
  return { pesoKg, largoCm, anchoCm, altoCm };
}

/**
 * The offer's three cells: absent from the file, the product keeps its own (a column absent while
 * others are given keeps its stored value); all three empty, none; otherwise the form's schema
 * checks them (dates as Chile's clocks show them, docs/product.md#offers).
 */
function offerCells(
  cell: (column: TextColumn) => string | undefined,
  existing: Existing | undefined,
) {
  const stored = {
    precio: existing?.precioOferta == null ? '' : Number(existing.precioOferta),
    desde: existing?.ofertaDesde?.toISOString() ?? '',
    hasta: existing?.ofertaHasta?.toISOString() ?? '',
  };
  const precio = cell('precio_oferta');
  const desde = cell('oferta_desde');
  const hasta = cell('oferta_hasta');
  const given = {
    precio: precio === undefined ? stored.precio : parsePrice(precio),
    desde: desde ?? stored.desde,
    hasta: hasta ?? stored.hasta,
  };
  const blank = Object.values(given).every((v) => String(v).trim() === '');
  return blank ? null : given;
}

/** The offer as its three columns (all three, or none). */
const offerRow = (o: { precio: number; desde: string; hasta: string } | null | undefined) => ({
  precioOferta: o ? o.precio.toFixed(2) : null,
  ofertaDesde: o ? new Date(o.desde) : null,
  ofertaHasta: o ? new Date(o.hasta) : null,
});

type Existing = StoredProduct;
type Write = ProductWrite;

type Fila = InformeImportacion['filas'][number];

interface CategoryIds {
  byName: Map<string, number>;
  /** Deactivated categories: no active product may sit in one, as in the admin form. */
  inactive: Set<number>;
}

async function loadCategories(db: Db): Promise<CategoryIds> {
  const rows = await listCategories(db, true);
  return {
    byName: new Map(rows.map((c) => [categoryKey(c.nombre), c.id])),
    inactive: new Set(rows.filter((c) => !c.activo).map((c) => c.id)),
  };
}

/**
 * The schema's messages, once each; a specification's own limits read as one sentence, a typed
 * value's message names its field ('Componente, Socket: Elige una de las opciones.').
 */
function reasons(issues: { path: PropertyKey[]; message: string }[], componente: unknown): string {
  const messages = issues.map((issue) =>
    issue.path[0] === 'especificaciones'
      ? PRODUCT_MESSAGES.especificaciones
      : issue.path[0] === 'componente'
        ? componentIssue(componente, issue.path, issue.message)
        : issue.message,
  );
  return [...new Set(messages)].join(' ');
}

/** Keys in one order, so that a specification read back compares equal to the stored one. */
const componentKey = (c: object | null | undefined) =>
  c ? JSON.stringify(Object.entries(c).sort(([a], [b]) => a.localeCompare(b))) : '';

// jsonb hands keys back in its own order ('valor' before 'nombre'): compare the pairs.
const specsKey = (specs: { nombre: string; valor: string }[]) =>
  JSON.stringify(specs.map((s) => [s.nombre, s.valor]));

const sameValues = (a: Write, b: Existing) =>
  a.nombre === b.nombre &&
  a.descripcion === b.descripcion &&
  Number(a.precio) === Number(b.precio) &&
  a.stock === b.stock &&
  a.activo === b.activo &&
  a.categoriaId === b.categoriaId &&
  a.marca === b.marca &&
  specsKey(a.especificaciones) === specsKey(b.especificaciones) &&
  componentKey(a.componente) === componentKey(b.componente) &&
  MEASURE_FIELDS.every((f) => measure(a[f]) === measure(b[f])) &&
  measure(a.precioOferta) === measure(b.precioOferta) &&
  a.ofertaDesde?.getTime() === b.ofertaDesde?.getTime() &&
  a.ofertaHasta?.getTime() === b.ofertaHasta?.getTime();

const measure = (v: string | null | undefined) => (v == null ? null : Number(v));

const MEASURE_FIELDS = ['pesoKg', 'largoCm', 'anchoCm', 'altoCm'] as const;

/**
 * One row against the schema the admin form uses. A column the file does not have keeps the
 * product's current value (a file of sku;precio changes prices only); a new product needs them all.
 */
function checkRow(
  cell: (column: TextColumn) => string | undefined,
  existing: Existing | undefined,
  categoryIds: CategoryIds,
): { write: Write } | { motivo: string } {
  const categoria = cell('categoria');
  let categoriaId = existing?.categoriaId;
  if (categoria) {
    categoriaId = categoryIds.byName.get(categoryKey(categoria));
    if (categoriaId === undefined) return { motivo: IMPORT_MESSAGES.unknownCategory(categoria) };
  }
  const activoText = cell('activo');
  const activo = activoText ? parseActive(activoText) : (existing?.activo ?? true);
  if (activo === null) return { motivo: IMPORT_MESSAGES.activo };
  if (activo && categoriaId !== undefined && categoryIds.inactive.has(categoriaId)) {
    return { motivo: IMPORT_MESSAGES.inactiveCategory };
  }

  const precio = cell('precio');
  const descripcion = cell('descripcion');
  const marca = cell('marca');
  const specs = cell('especificaciones');
  const componenteText = cell('componente');
  const read = componenteText === undefined ? undefined : parseComponent(componenteText);
  if (read && 'motivo' in read) return { motivo: read.motivo };
  const componente = read ? read.componente : (existing?.componente ?? null);
  const parsed = productoInputSchema.safeParse({
    nombre: cell('nombre') ?? existing?.nombre,
    descripcion: descripcion ?? existing?.descripcion,
    precio: precio === undefined ? existing && Number(existing.precio) : parsePrice(precio),
    stock: cell('stock') ?? existing?.stock,
    categoria: categoriaId === undefined ? undefined : { id: categoriaId },
    imagen: existing?.imagen ?? null,
    marca: marca ?? existing?.marca,
    sku: cell('sku'),
    especificaciones: specs === undefined ? existing?.especificaciones : parseSpecs(specs),
    componente,
    medidas: measuresOf(cell, existing),
    oferta: offerCells(cell, existing),
  });
  if (!parsed.success) return { motivo: reasons(parsed.error.issues, componente) };
  const v = parsed.data;
  if (v.oferta && v.oferta.precio >= v.precio) return { motivo: PRODUCT_MESSAGES.ofertaBajoPrecio };
  if (!existing && skuReservedFor(v.sku!)) return { motivo: SKU_RESERVED };
  return {
    write: {
      sku: v.sku!,
      nombre: v.nombre,
      descripcion: v.descripcion ?? null,
      precio: v.precio.toFixed(2),
      stock: v.stock,
      activo,
      categoriaId: v.categoria.id,
      marca: v.marca ?? null,
      especificaciones: v.especificaciones ?? [],
      imagen: v.imagen ?? null,
      componente: v.componente ?? null,
      ...medidasRow(v.medidas ?? null),
      ...offerRow(v.oferta),
    },
  };
}

/** A column an update may write besides stock, as the products module names it. */
type BulkField = NonNullable<Parameters<typeof saveProductsBySku>[2]>[number];

/** Rows checked against the database at once: one read of their products per batch. */
const ROW_BATCH = 500;
/** The longest stretch of work between two turns of the event loop: other requests wait no longer. */
const SLICE_MS = 10;

/** Columns of the file that an update writes (stock moves apart, by what the file changed). */
const FIELD_OF_COLUMN: Partial<Record<TextColumn, BulkField>> = {
  nombre: 'nombre',
  descripcion: 'descripcion',
  precio: 'precio',
  activo: 'activo',
  categoria: 'categoriaId',
  marca: 'marca',
  especificaciones: 'especificaciones',
  componente: 'componente',
  peso_kg: 'pesoKg',
  largo_cm: 'largoCm',
  ancho_cm: 'anchoCm',
  alto_cm: 'altoCm',
  precio_oferta: 'precioOferta',
  oferta_desde: 'ofertaDesde',
  oferta_hasta: 'ofertaHasta',
};

/** A file whose header was read and accepted, its rows not yet: what importProducts goes on with. */
export interface OpenedImport {
  bytes: Uint8Array;
  records: AsyncGenerator<CsvRecord, void, undefined>;
  /** Each known column's position in the file. */
  position: Map<string, number>;
  /** The columns an update writes: the file's, besides sku and stock. */
  fields: BulkField[];
  /** Lets the file go without importing it. */
  close: () => Promise<void>;
}

/**
 * Reads the file's header within the limits: a file that is not CSV, has no sku column, or a
 * header past a bound is refused here, before anything else is read.
 */
export async function openImport(bytes: Uint8Array, limits: CsvLimits): Promise<OpenedImport> {
  const records = csvRecords(bytes, limits);
  const close = async () => {
    await records.return();
  };
  try {
    const first = await records.next();
    const header = first.done ? undefined : first.value.cells;
    if (!header) throw badRequest(IMPORT_MESSAGES.empty);
    const position = new Map(header.map((name, i) => [normalizeHeader(name), i]));
    if (!position.has('sku')) throw badRequest(IMPORT_MESSAGES.noSku);
    const fields = [...position.keys()].flatMap((column) => {
      const field = FIELD_OF_COLUMN[column as TextColumn];
      return field ? [field] : [];
    });
    return { bytes, records, position, fields, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/**
 * Creates or updates products by SKU from a CSV (the export's columns, `;` or `,`, UTF-8 with or
 * without BOM) and reports each row. Nothing is written on a dry run, nor when any row fails
 * unless `validas` says to write the valid ones.
 *
 * The file is parsed as a stream and checked in batches, handing the event loop back every few
 * milliseconds, so the shop keeps answering while a large file is read. An update changes only
 * the columns the file has, and its stock moves by what the file changed (decision 011).
 */
export async function importProducts(
  db: Db,
  file: OpenedImport,
  options: ImportOptions,
): Promise<InformeImportacion> {
  try {
    return await checkAndWrite(db, file, options);
  } finally {
    await file.close();
  }
}

async function checkAndWrite(
  db: Db,
  file: OpenedImport,
  options: ImportOptions,
): Promise<InformeImportacion> {
  let sliceStart = performance.now();
  const breathe = async () => {
    if (performance.now() - sliceStart < SLICE_MS) return;
    await nextTurn();
    sliceStart = performance.now();
  };
  const { bytes, records, position, fields } = file;

  const skuRule = productoInputSchema.shape.sku;
  const skuOf = (cells: string[]) => {
    const parsed = skuRule.safeParse(unguardFormula((cells[position.get('sku')!] ?? '').trim()));
    return parsed.success ? parsed.data : undefined;
  };
  const categoryIds = await loadCategories(db);

  const filas: Fila[] = [];
  const writes: Write[] = [];
  const seen = new Map<string, number>();
  let bytesRead = 0;

  const check = async (batch: { cells: string[]; fila: number }[]) => {
    const existing = await productsBySku(db, [
      ...new Set(batch.map((d) => skuOf(d.cells)).filter((s): s is string => Boolean(s))),
    ]);
    for (const { cells, fila } of batch) {
      await breathe();
      const cell = (column: TextColumn) => {
        const at = position.get(column);
        return at === undefined ? undefined : unguardFormula((cells[at] ?? '').trim());
      };
      const sku = skuOf(cells) ?? (cell('sku') ?? '').toUpperCase();
      const report = (resultado: ResultadoImportacion, motivo?: string) => {
        filas.push({ fila, sku, resultado, ...(motivo ? { motivo } : {}) });
      };

      if (!sku) {
        report('error', IMPORT_MESSAGES.skuRequired);
        continue;
      }
      const earlier = seen.get(sku);
      if (earlier !== undefined) {
        report('error', IMPORT_MESSAGES.skuRepeated(earlier));
        continue;
      }
      seen.set(sku, fila);

      const current = existing.get(sku);
      const checked = checkRow(cell, current, categoryIds);
      if ('motivo' in checked) report('error', checked.motivo);
      else if (current && sameValues(checked.write, current)) report('sin_cambios');
      else {
        // The stock as read: the products module moves it by what the file changed.
        writes.push({ ...checked.write, id: current?.id, stockLeido: current?.stock });
        report(current ? 'actualizada' : 'creada');
      }
    }
    await options.onProgress?.({
      fase: 'revisando',
      filas: filas.length,
      avance: Math.min(1, bytesRead / bytes.length),
    });
  };

  // The row as a spreadsheet numbers it: the header is row 1.
  let fila = 1;
  let batch: { cells: string[]; fila: number }[] = [];
  for await (const { cells, bytes: upTo } of records) {
    fila++;
    bytesRead = upTo;
    if (!cells.some((c) => c.trim() !== '')) continue;
    batch.push({ cells, fila });
    if (batch.length === ROW_BATCH) {
      await check(batch);
      batch = [];
    }
    await breathe();
  }
  if (batch.length > 0) await check(batch);
  if (filas.length === 0) throw badRequest(IMPORT_MESSAGES.empty);

  const count = (resultado: ResultadoImportacion) =>
    filas.filter((f) => f.resultado === resultado).length;
  const errores = count('error');
  const aplicada = !options.simular && (errores === 0 || options.validas) && writes.length > 0;
  if (aplicada) {
    await options.onProgress?.({ fase: 'guardando', filas: 0, avance: 0 });
    await saveProductsBySku(
      db,
      writes,
      fields,
      (written) =>
        options.onProgress?.({
          fase: 'guardando',
          filas: written,
          avance: written / writes.length,
        }),
      options.onRestock,
    );
  }
  return {
    total: filas.length,
    creadas: count('creada'),
    actualizadas: count('actualizada'),
    sinCambios: count('sin_cambios'),
    errores,
    aplicada,
    filas,
  };
}
