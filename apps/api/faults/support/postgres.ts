import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server of the fault tests; without it those scenarios are skipped. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? '';

export interface TestDatabase {
  name: string;
  url: string;
  /** A connection of the test itself (not the server's), closed by drop(). */
  sql: pg.Client;
  drop(): Promise<void>;
}

function withDatabase(serverUrl: string, name: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A database of its own for one scenario, created on TEST_DATABASE_URL's server. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `nexbyte_faults_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = withDatabase(TEST_DATABASE_URL, name);
  const sql = new pg.Client({ connectionString: url });
  // A terminated backend of our own is the scenario's doing, not a reason to crash the runner.
  sql.on('error', () => {});
  await sql.connect();
  return {
    name,
    url,
    sql,
    drop: async () => {
      await sql.end().catch(() => {});
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Same database, reached through another host and port (the stalling proxy). */
export function throughPort(databaseUrl: string, port: number) {
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return url.toString();
}

/** Where the PostgreSQL server listens, for the proxy to forward to. */
export function upstreamOf(databaseUrl: string) {
  const url = new URL(databaseUrl);
  return { host: url.hostname || '127.0.0.1', port: Number(url.port || 5432) };
}

export interface StockCheck {
  productoId: number;
  initial: number;
  final: number;
  /** Units of this product in every stored order. */
  ordered: number;
}

/** What the database holds for the given products: stock now and units sold in stored orders. */
export async function stockAndOrdered(
  sql: pg.Client,
  initial: Map<number, number>,
): Promise<StockCheck[]> {
  const ids = [...initial.keys()];
  const { rows } = await sql.query<{ id: number; stock: number; ordered: string }>(
    `select p.id, p.stock,
            coalesce((select sum(i.qty) from pedido_items i where i.producto_id = p.id), 0) as ordered
       from productos p where p.id = any($1::int[]) order by p.id`,
    [ids],
  );
  return rows.map((r) => ({
    productoId: r.id,
    initial: initial.get(r.id)!,
    final: r.stock,
    ordered: Number(r.ordered),
  }));
}

/** Each stored order's lines, by order number. */
export async function storedOrders(sql: pg.Client) {
  const { rows } = await sql.query<{ numero: string; producto_id: number; qty: number }>(
    `select p.numero, i.producto_id, i.qty
       from pedidos p left join pedido_items i on i.pedido_id = p.id
      order by p.numero, i.producto_id`,
  );
  const orders = new Map<string, { productoId: number; qty: number }[]>();
  for (const r of rows) {
    const lines = orders.get(r.numero) ?? [];
    if (r.producto_id !== null) lines.push({ productoId: r.producto_id, qty: r.qty });
    orders.set(r.numero, lines);
  }
  return orders;
}
