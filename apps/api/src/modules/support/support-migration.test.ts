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

// Migration 0019 keeps one tracking link per ticket (the newest) and dates the closed ones.
const links = files.findIndex((f) => f.startsWith('0019_'));

describe.runIf(DB_KIND === 'pglite')('migración 0019 (un enlace por solicitud)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({});
    for (const file of files.slice(0, links)) await apply(database, file);
  });
  afterAll(() => database.close());

  it('keeps only the newest link of each ticket, dates the closed ones, and allows one link per ticket', async () => {
    const [open, closed] = rowsOf<{ id: number }>(
      await database.db.execute(sql`
      insert into solicitudes_soporte (nombre_cliente, email_cliente, region, comuna, equipo,
        prioridad, servicios_requeridos, descripcion_problema, estado, fecha_actualizacion)
      values ('Ana Pérez', 'ana@gmail.com', 'Los Ríos', 'Valdivia', 'NOTEBOOK', 'ALTA',
        '["Diagnóstico"]', 'No enciende desde ayer.', 'EN_DIAGNOSTICO', '2025-03-05T12:00:00Z'),
        ('Luis Soto', 'luis@gmail.com', 'Los Ríos', 'Valdivia', 'PC_ESCRITORIO', 'NORMAL',
        '["Diagnóstico"]', 'El disco hace ruido.', 'ENTREGADA', '2025-06-01T12:00:00Z')
      returning id`),
    );
    await database.db.execute(sql`
      insert into soporte_historial (solicitud_id, estado_anterior, estado, autor, fecha) values
        (${closed!.id}, null, 'RECIBIDA', 'Sistema', '2025-05-01T12:00:00Z'),
        (${closed!.id}, 'LISTA_PARA_RETIRO', 'ENTREGADA', 'Ana', '2025-05-20T15:00:00Z'),
        (${closed!.id}, 'ENTREGADA', null, 'Ana', '2025-06-01T12:00:00Z')`);
    await database.db.execute(sql`
      insert into soporte_enlaces (solicitud_id, token_hash) values
        (${open!.id}, 'a1'), (${open!.id}, 'a2'), (${closed!.id}, 'b1'), (${closed!.id}, 'b2'),
        (${closed!.id}, 'b3')`);
    for (const file of files.slice(links)) await apply(database, file);

    const kept = rowsOf<{ solicitud_id: number; token_hash: string }>(
      await database.db.execute(
        sql`select solicitud_id, token_hash from soporte_enlaces order by solicitud_id`,
      ),
    );
    expect(kept.map((k) => [k.solicitud_id, k.token_hash])).toEqual([
      [open!.id, 'a2'],
      [closed!.id, 'b3'],
    ]);
    const tickets = rowsOf<{ id: number; fecha_cierre: string | Date | null }>(
      await database.db.execute(sql`select id, fecha_cierre from solicitudes_soporte order by id`),
    );
    expect(tickets[0]!.fecha_cierre).toBeNull();
    // The day it was delivered, not the day of a later internal note.
    expect(new Date(tickets[1]!.fecha_cierre!).toISOString()).toBe('2025-05-20T15:00:00.000Z');
    await expect(
      database.db.execute(
        sql`insert into soporte_enlaces (solicitud_id, token_hash) values (${open!.id}, 'a3')`,
      ),
    ).rejects.toThrow();
  });
});
