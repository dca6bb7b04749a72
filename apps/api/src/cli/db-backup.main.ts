// `npm run db:backup [-- --salida FILE]`: a consistent copy of the shop's database in one file,
// owner-only (0600). PostgreSQL through pg_dump; the embedded database through PGlite's
// dumpDataDir, taken by the running server when there is one (no transaction half-way), or by
// this command when the server is stopped. The copy is read back and its rows counted against
// what the database held before the file takes its name: exit 0 means a whole backup.
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError } from '../config';
import {
  BackupError,
  dumpFromRunningServer,
  dumpPostgres,
  verifyPgliteDump,
  writeBackupFile,
} from '../db/backup';
import { openDatabase } from '../db/client';
import { DataDirBusyError, OWNER_ONLY_UMASK } from '../db/pglite-data-dir';
import type { DataDirDump } from '../db/pglite-worker';
import { commandConfig } from './cli-config';

function defaultFile(kind: 'postgres' | 'pglite'): string {
  const stamp = new Date()
    .toISOString()
    .replace(/[:.]/g, '-')
    .replace(/-\d{3}Z$/, 'Z');
  return path.join('respaldos', `nexbyte-${stamp}.${kind === 'postgres' ? 'dump' : 'tar.gz'}`);
}

async function dumpPglite(dataDir: string): Promise<DataDirDump> {
  const fromServer = await dumpFromRunningServer(dataDir);
  if (fromServer) return fromServer;
  const database = await openDatabase({ dataDir });
  try {
    return await database.dumpDataDir!();
  } finally {
    await database.close();
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { salida: { type: 'string' } }, strict: true });
  const config = commandConfig();
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  const file = path.resolve(values.salida ?? defaultFile(kind));
  process.umask(OWNER_ONLY_UMASK);
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  if (config.databaseUrl) await dumpPostgres(config.databaseUrl, file);
  else {
    const dump = await dumpPglite(config.dataDir);
    await verifyPgliteDump(dump);
    await writeBackupFile(file, dump.data);
  }
  const megabytes = (statSync(file).size / 1024 / 1024).toFixed(1);
  console.info(`Respaldo escrito en ${file} (${megabytes} MB).`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (
      err instanceof ConfigError ||
      err instanceof BackupError ||
      err instanceof DataDirBusyError
    ) {
      console.error(`No se hizo el respaldo: ${err.message}`);
    } else if ((err as NodeJS.ErrnoException).code === 'EEXIST') {
      console.error('No se hizo el respaldo: el archivo de salida ya existe (no se sobrescribe).');
    } else {
      console.error('No se hizo el respaldo:', err);
    }
    process.exit(1);
  },
);
