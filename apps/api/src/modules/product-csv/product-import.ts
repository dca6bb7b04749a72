import {
  PRODUCT_MESSAGES,
  productoInputSchema,
  type InformeImportacion,
  type ResultadoImportacion,
} from '@nexbyte/shared';
import { parse } from 'csv-parse/sync';
import type { Db } from '../../db/client';
import { badRequest } from '../../http-errors';
import { listCategories } from '../categories/categories.service';
import {
  SKU_RESERVED,
  skuReservedFor,
  productsBySku,
  saveProductsBySku,
  type ProductWrite,
  type StoredProduct,
} from '../products/products.service';
import {
  categoryKey,
  decodeCsv,
  detectDelimiter,
  normalizeHeader,
  parseActive,
  parsePrice,
  parseSpecs,
  unguardFormula,
} from './csv-format';

export const IMPORT_MESSAGES = {
  empty: 'El archivo no trae productos.',
  noSku: 'El archivo necesita una columna sku.',
  unreadable: (line: number) =>
    `El archivo no se pudo leer como CSV: revisa las comillas cerca de la línea ${line}.`,
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
}

type Column = 'sku' | 'nombre' | 'marca' | 'categoria' | 'precio' | 'stock' | 'activo';
type TextColumn = Column | 'descripcion' | 'especificaciones';

type Existing = StoredProduct;
type Write = ProductWrite;

type Fila = InformeImportacion['filas'][number];

function readRecords(bytes: Uint8Array): string[][] {
  const text = decodeCsv(bytes);
  try {
    return parse(text, {
      bom: true,
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
    }) as string[][];
  } catch (err) {
    const line = (err as { lines?: number }).lines ?? 1;
    throw badRequest(IMPORT_MESSAGES.unreadable(line));
  }
}

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

/** The schema's messages, once each; a specification's own limits read as one sentence. */
function reasons(issues: { path: PropertyKey[]; message: string }[]): string {
  const messages = issues.map((issue) =>
    issue.path[0] === 'especificaciones' ? PRODUCT_MESSAGES.especificaciones : issue.message,
  );
  return [...new Set(messages)].join(' ');
}

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
  specsKey(a.especificaciones) === specsKey(b.especificaciones);

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
  });
  if (!parsed.success) return { motivo: reasons(parsed.error.issues) };
  const v = parsed.data;
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
    },
  };
}

/**
 * Creates or updates products by SKU from a CSV (the export's columns, `;` or `,`, UTF-8 with or
 * without BOM) and reports each row. Nothing is written on a dry run, nor when any row fails
 * unless `validas` says to write the valid ones.
 */
export async function importProducts(
  db: Db,
  bytes: Uint8Array,
  options: ImportOptions,
): Promise<InformeImportacion> {
  const records = readRecords(bytes);
  const [header, ...rows] = records;
  // The row as a spreadsheet numbers it: the header is row 1.
  const data = rows
    .map((cells, i) => ({ cells, fila: i + 2 }))
    .filter(({ cells }) => cells.some((c) => c.trim() !== ''));
  if (!header || data.length === 0) throw badRequest(IMPORT_MESSAGES.empty);
  const position = new Map(header.map((name, i) => [normalizeHeader(name), i]));
  if (!position.has('sku')) throw badRequest(IMPORT_MESSAGES.noSku);

  const skuRule = productoInputSchema.shape.sku;
  const skuOf = (cells: string[]) => {
    const parsed = skuRule.safeParse(unguardFormula((cells[position.get('sku')!] ?? '').trim()));
    return parsed.success ? parsed.data : undefined;
  };
  const [categoryIds, existing] = await Promise.all([
    loadCategories(db),
    productsBySku(db, [
      ...new Set(data.map((d) => skuOf(d.cells)).filter((s): s is string => Boolean(s))),
    ]),
  ]);

  const filas: Fila[] = [];
  const writes: Write[] = [];
  const seen = new Map<string, number>();
  data.forEach(({ cells, fila }) => {
    const cell = (column: TextColumn) => {
      const at = position.get(column);
      return at === undefined ? undefined : unguardFormula((cells[at] ?? '').trim());
    };
    const sku = skuOf(cells) ?? (cell('sku') ?? '').toUpperCase();
    const report = (resultado: ResultadoImportacion, motivo?: string) =>
      filas.push({ fila, sku, resultado, ...(motivo ? { motivo } : {}) });

    if (!sku) return report('error', IMPORT_MESSAGES.skuRequired);
    const earlier = seen.get(sku);
    if (earlier !== undefined) return report('error', IMPORT_MESSAGES.skuRepeated(earlier));
    seen.set(sku, fila);

    const current = existing.get(sku);
    const checked = checkRow(cell, current, categoryIds);
    if ('motivo' in checked) return report('error', checked.motivo);
    if (current && sameValues(checked.write, current)) return report('sin_cambios');
    // The stock as read: the products module moves it by what the file changed (decision 011).
    writes.push({ ...checked.write, stockLeido: current?.stock });
    report(current ? 'actualizada' : 'creada');
  });

  const count = (resultado: ResultadoImportacion) =>
    filas.filter((f) => f.resultado === resultado).length;
  const errores = count('error');
  const aplicada = !options.simular && (errores === 0 || options.validas) && writes.length > 0;
  if (aplicada) await saveProductsBySku(db, writes);
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
