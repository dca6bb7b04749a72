import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ensureJwtSecretFile, loadConfig } from '../config';
import { openDatabase } from './client';

/** Every file and directory under `dir` whose mode lets group or others in, with that mode. */
function opened(dir: string): string[] {
  const found: string[] = [];
  const walk = (target: string) => {
    const mode = statSync(target).mode & 0o777;
    if ((mode & 0o077) !== 0) found.push(`${target} ${mode.toString(8)}`);
    if (statSync(target).isDirectory()) {
      for (const entry of readdirSync(target)) walk(path.join(target, entry));
    }
  };
  walk(dir);
  return found;
}

/** Opens the embedded database in `dir`, writes a row, and closes it. */
async function writeOnce(dir: string) {
  const database = await openDatabase({ dataDir: dir });
  try {
    await database.migrate();
    await database.db.execute(sql`create table if not exists prueba (texto text)`);
    await database.db.execute(sql`insert into prueba values ('dato personal')`);
  } finally {
    await database.close();
  }
}

const base = () => mkdtempSync(path.join(tmpdir(), 'nexbyte-modes-'));

describe('the embedded database on disk', () => {
  it('creates a fresh DATA_DIR 0700 and writes nothing group- or world-readable', async () => {
    const dir = path.join(base(), 'data');
    await writeOnce(dir);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(readdirSync(path.join(dir, 'pglite')).length).toBeGreaterThan(5);
    expect(opened(dir)).toEqual([]);
  }, 60_000);

  it('tightens a DATA_DIR left 0755, with files 0644 and 0666 in it, before opening it', async () => {
    const dir = path.join(base(), 'data');
    mkdirSync(path.join(dir, 'pglite'), { recursive: true });
    chmodSync(dir, 0o755);
    chmodSync(path.join(dir, 'pglite'), 0o755);
    writeFileSync(path.join(dir, 'viejo.log'), 'x');
    chmodSync(path.join(dir, 'viejo.log'), 0o644);
    writeFileSync(path.join(dir, 'pglite', 'resto'), 'x');
    chmodSync(path.join(dir, 'pglite', 'resto'), 0o666);
    await writeOnce(dir);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dir, 'viejo.log')).mode & 0o777).toBe(0o600);
    expect(opened(dir)).toEqual([]);
    // A second start writes again: still nothing readable by others.
    await writeOnce(dir);
    expect(opened(dir)).toEqual([]);
  }, 60_000);
});

describe('the generated JWT secret', () => {
  it('is written 0600 in a DATA_DIR created 0700, and tightened if it was left readable', () => {
    const dir = path.join(base(), 'data');
    ensureJwtSecretFile({ DATA_DIR: dir });
    const file = path.join(dir, 'jwt-secret');
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(readFileSync(file, 'utf8').trim());
    chmodSync(file, 0o644);
    ensureJwtSecretFile({ DATA_DIR: dir });
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
