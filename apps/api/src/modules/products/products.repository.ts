import type { Producto, ProductosQuery } from '@nexbyte/shared';
import { and, asc, count, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categorias, productos } from '../../db/schema';
import { MAX_ID } from '../params';

const columns = {
  id: productos.id,
  nombre: productos.nombre,
  descripcion: productos.descripcion,
  precio: productos.precio,
  imagen: productos.imagen,
  stock: productos.stock,
  activo: productos.activo,
  createdAt: productos.createdAt,
  categoriaId: categorias.id,
  categoriaNombre: categorias.nombre,
};

interface ProductoRow {
  id: number;
  nombre: string;
  descripcion: string | null;
  precio: string;
  imagen: string | null;
  stock: number;
  activo: boolean;
  createdAt: Date;
  categoriaId: number;
  categoriaNombre: string;
}

function toProducto(row: ProductoRow): Producto {
  return {
    id: row.id,
    nombre: row.nombre,
    descripcion: row.descripcion,
    // numeric(12,2) arrives as a string so that no cent is lost on the way.
    precio: Number(row.precio),
    imagen: row.imagen,
    stock: row.stock,
    activo: row.activo,
    categoria: { id: row.categoriaId, nombre: row.categoriaNombre },
    createdAt: row.createdAt.toISOString(),
  };
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filters(query: ProductosQuery, includeInactive: boolean): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  const estado = includeInactive ? (query.estado ?? 'todos') : 'activos';
  if (estado !== 'todos') conditions.push(eq(productos.activo, estado === 'activos'));
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(
      or(
        ilike(productos.nombre, pattern),
        ilike(productos.descripcion, pattern),
        ilike(categorias.nombre, pattern),
      ),
    );
  }
  if (query.categoria) {
    const asId = Number(query.categoria);
    conditions.push(
      Number.isInteger(asId) && asId > 0 && asId <= MAX_ID
        ? eq(categorias.id, asId)
        : sql`lower(${categorias.nombre}) = lower(${query.categoria})`,
    );
  }
  if (query.min !== undefined) conditions.push(gte(productos.precio, query.min.toFixed(2)));
  if (query.max !== undefined) conditions.push(lte(productos.precio, query.max.toFixed(2)));
  return and(...conditions);
}

const ORDER_BY = {
  recientes: [desc(productos.createdAt), desc(productos.id)],
  precio_asc: [asc(productos.precio), asc(productos.id)],
  precio_desc: [desc(productos.precio), desc(productos.id)],
} as const;

/** The page size when only `pagina` is given. */
const DEFAULT_PAGE_SIZE = 12;

export async function listProducts(
  db: Db,
  query: ProductosQuery,
  includeInactive: boolean,
): Promise<{ items: Producto[]; total: number }> {
  const where = filters(query, includeInactive);
  const base = db
    .select(columns)
    .from(productos)
    .innerJoin(categorias, eq(productos.categoriaId, categorias.id))
    .where(where)
    .orderBy(...ORDER_BY[query.orden]);
  const limit = query.limite ?? (query.pagina ? DEFAULT_PAGE_SIZE : undefined);
  const rows = limit
    ? await base.limit(limit).offset(((query.pagina ?? 1) - 1) * limit)
    : await base;
  if (!limit) return { items: rows.map(toProducto), total: rows.length };
  const [counted] = await db
    .select({ total: count() })
    .from(productos)
    .innerJoin(categorias, eq(productos.categoriaId, categorias.id))
    .where(where);
  return { items: rows.map(toProducto), total: counted?.total ?? 0 };
}

export async function findProduct(db: Db, id: number): Promise<Producto | null> {
  const [row] = await db
    .select(columns)
    .from(productos)
    .innerJoin(categorias, eq(productos.categoriaId, categorias.id))
    .where(eq(productos.id, id));
  return row ? toProducto(row) : null;
}

export interface ProductValues {
  nombre: string;
  descripcion: string | null;
  precio: number;
  stock: number;
  imagen: string | null;
  categoriaId: number;
}

const toRow = (v: ProductValues) => ({ ...v, precio: v.precio.toFixed(2) });

export async function insertProduct(db: Db, values: ProductValues): Promise<number> {
  const [row] = await db.insert(productos).values(toRow(values)).returning({ id: productos.id });
  return row!.id;
}

export async function updateProduct(db: Db, id: number, values: ProductValues): Promise<boolean> {
  const rows = await db
    .update(productos)
    .set(toRow(values))
    .where(eq(productos.id, id))
    .returning({ id: productos.id });
  return rows.length > 0;
}

export async function setProductActive(db: Db, id: number, activo: boolean): Promise<boolean> {
  const rows = await db
    .update(productos)
    .set({ activo })
    .where(eq(productos.id, id))
    .returning({ id: productos.id });
  return rows.length > 0;
}
