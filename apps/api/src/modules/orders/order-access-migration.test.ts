// Migration 0005 tells the guests' orders from the deleted customers' ones already in a shop.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { pedidoEventos, pedidos } from './orders.schema';
import { freshDatabase } from '../../test/test-app';

const migration = readFileSync(
  path.resolve(
    path.dirname(fileURLToPath(import.meta.url)),
    '../../../drizzle/0005_order_access.sql',
  ),
  'utf8',
);
const backfill = migration
  .split('--> statement-breakpoint')
  .map((s) => s.trim())
  .find((s) => s.includes('UPDATE'))!;

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  await database.migrate();
});
afterAll(async () => {
  await database.close();
  await drop();
});

async function oldOrder(por: string, scope: string | null = null) {
  const [row] = await database.db
    .insert(pedidos)
    .values({
      usuarioId: null,
      clienteNombre: 'Josefa Muñoz',
      clienteCorreo: 'josefa@gmail.com',
      correoNormalizado: 'josefa@gmail.com',
      region: 'Los Ríos',
      comuna: 'Valdivia',
      direccion: 'General Lagos 1020',
      subtotal: '1000.00',
      descuento: '0.00',
      envio: '0.00',
      total: '1000.00',
      idempotencyScope: scope,
      idempotencyKey: scope ? 'k' : null,
      expiresAt: sql`now()`,
    })
    .returning({ id: pedidos.id });
  await database.db.insert(pedidoEventos).values({ pedidoId: row!.id, a: 'PENDIENTE_PAGO', por });
}

describe('migración 0005 (invitado)', () => {
  it('marca como invitado solo los pedidos que un invitado hizo, no los de cuentas borradas', async () => {
    await oldOrder('invitado: Josefa Muñoz <josefa@gmail.com>');
    await oldOrder('cliente: Ana Pérez <ana@duoc.cl>');
    await oldOrder('sistema', 'u:7');
    await oldOrder('invitado: Josefa Muñoz <josefa@gmail.com>', 'g:josefa@gmail.com');
    await database.db.execute(sql.raw(backfill));
    const rows = await database.db
      .select({ invitado: pedidos.invitado })
      .from(pedidos)
      .orderBy(asc(pedidos.id));
    expect(rows.map((r) => r.invitado)).toEqual([true, false, false, true]);
  });
});
