// Migration 0028 turns the free-text specifications a shop already has ('Socket: AM5') into the
// typed specification of a PC part, where they parse.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { componenteParcialSchema } from '@nexbyte/shared';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { freshDatabase } from '../../test/test-app';
import { categorias } from '../categories/categories.schema';
import { productos } from './products.schema';

const migration = readFileSync(
  path.resolve(
    path.dirname(fileURLToPath(import.meta.url)),
    '../../../drizzle/0028_typed_component_specifications.sql',
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

const SHEETS: [string, Record<string, string>][] = [
  ['Procesador AMD Ryzen 7 7700X', { Socket: 'AM5', Núcleos: '8' }],
  ['Procesador raro', { Socket: 'AM3+', Núcleos: 'ocho' }],
  ['Placa madre MSI B760M', { Socket: 'lga1700', Formato: 'Micro-ATX', 'Tipo de memoria': 'DDR5' }],
  ['Memoria RAM Kingston 16 GB', { Memoria: '16 GB', 'Tipo de memoria': 'DDR4' }],
  ['Tarjeta de video RTX 4060', { Memoria: '8 GB', 'Tipo de memoria': 'GDDR6' }],
  ['SSD Kingston NV2 1 TB', { Capacidad: '1 TB', Interfaz: 'NVMe PCIe 4.0', Formato: 'M.2 2280' }],
  ['SSD Samsung 980', { Capacidad: '500 GB', Interfaz: 'NVMe', Formato: 'M.2 2280' }],
  ['Disco duro Seagate 2 TB', { Capacidad: '2 TB', Interfaz: 'SATA', Formato: '3,5"' }],
  ['Disco externo WD 1 TB', { Capacidad: '1 TB', Interfaz: 'USB 3.0', Formato: 'Externo' }],
  ['Fuente de poder EVGA 650 W', { Potencia: '650 W' }],
  ['Parlantes Logitech Z313', { Potencia: '25 W' }],
  ['Gabinete Corsair 4000D', { Formato: 'ATX' }],
  ['Gabinete Cooler Master NR200', { Formato: 'Mini-ITX' }],
  ['Cooler CPU DeepCool AK400', { Socket: 'AM4 y LGA1700' }],
];

describe('migración 0028 (especificaciones tipadas)', () => {
  it('lleva a valores tipados las especificaciones que se entienden y deja las demás', async () => {
    const [cat] = await database.db
      .insert(categorias)
      .values({ nombre: 'Componentes' })
      .returning({ id: categorias.id });
    await database.db.insert(productos).values(
      SHEETS.map(([nombre, sheet]) => ({
        nombre,
        precio: '1000.00',
        categoriaId: cat!.id,
        especificaciones: Object.entries(sheet).map(([n, valor]) => ({ nombre: n, valor })),
      })),
    );
    await database.db.execute(sql.raw(backfill));
    const rows = await database.db
      .select({ componente: productos.componente })
      .from(productos)
      .orderBy(asc(productos.id));
    const typed = rows.map((r) => r.componente);
    expect(typed).toEqual([
      { tipo: 'PROCESADOR', socket: 'AM5', nucleos: 8 },
      { tipo: 'PROCESADOR' },
      { tipo: 'PLACA_MADRE', socket: 'LGA1700', formato: 'Micro-ATX', tipoMemoria: 'DDR5' },
      { tipo: 'MEMORIA', tipoMemoria: 'DDR4', capacidadGb: 16 },
      { tipo: 'TARJETA_VIDEO', memoriaGb: 8 },
      { tipo: 'ALMACENAMIENTO', capacidadGb: 1000, interfaz: 'NVMe PCIe 4.0', formato: 'M.2 2280' },
      { tipo: 'ALMACENAMIENTO', capacidadGb: 500, formato: 'M.2 2280' },
      { tipo: 'ALMACENAMIENTO', capacidadGb: 2000, interfaz: 'SATA', formato: '3.5"' },
      null,
      { tipo: 'FUENTE', potenciaW: 650 },
      null,
      { tipo: 'GABINETE', formatos: ['ATX', 'Micro-ATX', 'Mini-ITX'] },
      { tipo: 'GABINETE', formatos: ['Mini-ITX'] },
      { tipo: 'REFRIGERACION', socketsCompatibles: ['AM4', 'LGA1700'] },
    ]);
    // What it writes is what the API would have accepted.
    for (const value of typed.filter((v) => v !== null)) {
      expect(componenteParcialSchema.safeParse(value).success, JSON.stringify(value)).toBe(true);
    }
  });

  it('no toca una especificación tipada que ya existe', async () => {
    await database.db
      .update(productos)
      .set({ componente: { tipo: 'FUENTE', potenciaW: 1000 } })
      .where(sql`${productos.nombre} = 'Fuente de poder EVGA 650 W'`);
    await database.db.execute(sql.raw(backfill));
    const [row] = await database.db
      .select({ componente: productos.componente })
      .from(productos)
      .where(sql`${productos.nombre} = 'Fuente de poder EVGA 650 W'`);
    expect(row!.componente).toEqual({ tipo: 'FUENTE', potenciaW: 1000 });
  });
});
