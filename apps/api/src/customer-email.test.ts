// One person's limits count under one form of their e-mail; migration 0018 wrote the same form
// for the rows a shop already had.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerEmailKey } from './customer-email';
import type { Database } from './db/client';
import { pedidos } from './modules/orders/orders.schema';
import { freshDatabase } from './test/test-app';

const ADDRESSES = [
  'Victima@gmail.com',
  'victima+1@gmail.com',
  'v.i.c.t.i.m.a+promo@googlemail.com',
  ' ANA.PEREZ+tienda@duoc.cl ',
  'anaperez@duoc.cl',
  'ana.perez@empresa.cl',
];

describe('customerEmailKey', () => {
  it('lower case, no +tag, and no dots only at Gmail', () => {
    expect(ADDRESSES.map(customerEmailKey)).toEqual([
      'victima@gmail.com',
      'victima@gmail.com',
      'victima@gmail.com',
      'ana.perez@duoc.cl',
      'anaperez@duoc.cl',
      'ana.perez@empresa.cl',
    ]);
  });
});

describe('migración 0018 (correo normalizado)', () => {
  const migration = readFileSync(
    path.resolve(
      path.dirname(fileURLToPath(import.meta.url)),
      '../drizzle/0018_customer_email_keys.sql',
    ),
    'utf8',
  );
  const backfill = migration
    .split('--> statement-breakpoint')
    .map((s) => s.replace(/^--.*$/gm, '').trim())
    .filter((s) => s.startsWith('UPDATE "pedidos"'));

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

  it('rellena los pedidos existentes con la misma regla que el código', async () => {
    await database.db.insert(pedidos).values(
      ADDRESSES.map((clienteCorreo) => ({
        usuarioId: null,
        clienteNombre: 'Josefa Muñoz',
        clienteCorreo,
        // Overwritten by the backfill, which sets every row.
        correoNormalizado: '',
        region: 'Los Ríos',
        comuna: 'Valdivia',
        direccion: 'General Lagos 1020',
        subtotal: '1000.00',
        descuento: '0.00',
        envio: '0.00',
        total: '1000.00',
        expiresAt: sql`now()`,
      })),
    );
    expect(backfill.length).toBeGreaterThan(0);
    for (const statement of backfill) await database.db.execute(sql.raw(statement));
    const rows = await database.db
      .select({ key: pedidos.correoNormalizado })
      .from(pedidos)
      .orderBy(asc(pedidos.id));
    expect(rows.map((r) => r.key)).toEqual(ADDRESSES.map(customerEmailKey));
  });
});
