// `npm run db:restore FILE`: puts a backup of `npm run db:backup` back, into an empty DATA_DIR or
// an empty PostgreSQL database (DATABASE_URL). It never writes over data.
import { readFileSync } from 'node:fs';
import { ConfigError } from '../config';
import { BackupError, restorePglite, restorePostgres } from '../db/backup';
import { DataDirBusyError, OWNER_ONLY_UMASK } from '../db/pglite-data-dir';
import { commandConfig } from './cli-config';

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file) {
    console.error('Uso: npm run db:restore -- ARCHIVO');
    return 2;
  }
  const config = commandConfig();
  process.umask(OWNER_ONLY_UMASK);
  if (config.databaseUrl) await restorePostgres(config.databaseUrl, file);
  else await restorePglite(config.dataDir, readFileSync(file));
  console.info(
    `Respaldo restaurado en ${config.databaseUrl ? 'la base de DATABASE_URL' : config.dataDir}. Las sesiones abiertas antes deberán iniciarse de nuevo.`,
  );
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
      console.error(`No se restauró el respaldo: ${err.message}`);
    } else {
      console.error('No se restauró el respaldo:', err);
    }
    process.exit(1);
  },
);
