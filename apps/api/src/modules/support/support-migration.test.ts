// Migration 0016 turns the support requests a shop already has into tickets just received.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { DB_KIND } from '../../test/test-app';

const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');
const files = readdirSync(folder)
  .filter((f) => f.endsWith('.sql'))
  .sort();
const desk = files.findIndex((f) => f.startsWith('0016_'));

async function apply(database: Database, file: string) {
  const statements = readFileSync(path.join(folder, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const statement of statements) await database.db.execute(sql.raw(statement));
}

// One SQL file serves both databases; an empty embedded one is enough to run it step by step.
describe.runIf(DB_KIND === 'pglite')('migración 0016 (mesa de reparaciones)', () => {
  let database: Database;
  beforeAll(async () => {
    // An empty in-memory PGlite (not the migrated template): the shop as it was before 0016.
    database = await openDatabase({});
    for (const file of files.slice(0, desk)) await apply(database, file);
  });
  afterAll(() => database.close());

  it('gives every stored request a RECIBIDA state and a first history entry dated when it arrived', async () => {
    await database.db.execute(sql`
    insert into solicitudes_soporte (fecha_creacion, nombre_cliente, email_cliente, region, comuna,
      equipo, prioridad, servicios_requeridos, descripcion_problema)
    values ('2025-03-04T12:00:00Z', 'Ana Pérez', 'ana@gmail.com', 'Los Ríos', 'Valdivia',
      'NOTEBOOK', 'ALTA', '["Diagnóstico"]', 'No enciende desde ayer.'),
      ('2025-05-06T15:30:00Z', 'Luis Soto', 'luis@gmail.com', 'Los Ríos', 'Valdivia',
      'PC_ESCRITORIO', 'NORMAL', '["Respaldo de datos"]', 'El disco hace ruido.')`);
    for (const file of files.slice(desk)) await apply(database, file);

    const rows = rowsOf<{
      id: number;
      tipo: string;
      estado: string;
      fecha_actualizacion: string | Date;
    }>(
      await database.db.execute(
        sql`select id, tipo, estado, fecha_actualizacion from solicitudes_soporte order by id`,
      ),
    );
    expect(rows.map((r) => [r.tipo, r.estado])).toEqual([
      ['REPARACION', 'RECIBIDA'],
      ['REPARACION', 'RECIBIDA'],
    ]);
    expect(new Date(rows[0]!.fecha_actualizacion).toISOString()).toBe('2025-03-04T12:00:00.000Z');

    const steps = rowsOf<{
      solicitud_id: number;
      estado_anterior: string | null;
      estado: string;
      autor: string;
      fecha: string | Date;
    }>(
      await database.db.execute(
        sql`select solicitud_id, estado_anterior, estado, autor, fecha from soporte_historial order by solicitud_id`,
      ),
    );
    expect(
      steps.map((s) => [
        s.solicitud_id,
        s.estado_anterior,
        s.estado,
        s.autor,
        new Date(s.fecha).toISOString(),
      ]),
    ).toEqual([
      [rows[0]!.id, null, 'RECIBIDA', 'Sistema', '2025-03-04T12:00:00.000Z'],
      [rows[1]!.id, null, 'RECIBIDA', 'Sistema', '2025-05-06T15:30:00.000Z'],
    ]);
  });
});
