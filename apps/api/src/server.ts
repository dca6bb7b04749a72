import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { startAllocatorTrimmer } from './allocator-trim';
import { buildApp, logDestination, loggerOptions, type App } from './app';
import { ConfigError, ensureJwtSecretFile, loadConfig, type AppConfig } from './config';
import { migrationsFolder, openDatabase, type Database } from './db/client';
import { isStorageFull, StorageFullError } from './db/errors';
import { OWNER_ONLY_UMASK } from './db/pglite-data-dir';
import { pgliteCreated } from './db/pglite-database';
import type { DbLog } from './db/postgres';
import { DEMO_CLIENT, demoPending, seedDemoData } from './db/seed';
import { attachDemoPhotos } from './modules/images/demo-photos';
import { refuseDemoAccountsInProduction } from './modules/setup/demo-accounts';
import { ensureFirstAdmin, hasAdmin } from './modules/setup/owner-account';

/** How many migrations the database has run (none before the first). */
async function migrationsApplied(database: Database): Promise<number> {
  const first = async <T>(query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: T[] }).rows[0];
  const table = await first<{ present: boolean }>(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!table?.present) return 0;
  const counted = await first<{ n: number }>(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return counted?.n ?? 0;
}

/** How many migrations this version of the shop has. */
function migrationsShipped(): number {
  const journal = readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8');
  return (JSON.parse(journal) as { entries: unknown[] }).entries.length;
}

/** What setting up the database did, as the set-up process reports it to the server. */
interface SetupOutcome {
  seeded: boolean;
  firstAdmin: string | null;
}

/**
 * Whether this start has setting up to do: migrations to run, the demo to load, the first admin
 * to create. A restart of a shop already set up has none.
 */
async function setupPending(database: Database, config: AppConfig): Promise<boolean> {
  if ((await migrationsApplied(database)) < migrationsShipped()) return true;
  if (config.seedDemoData && (await demoPending(database.db))) return true;
  return Boolean(config.firstAdmin) && !(await hasAdmin(database.db));
}

async function setUp(database: Database, config: AppConfig): Promise<SetupOutcome> {
  await database.migrate();
  // Production (SEED_DEMO_DATA=true) gets the demo without its client, whose password is public.
  const seeded = config.seedDemoData
    ? await seedDemoData(database.db, config, { demoClient: config.env !== 'production' })
    : false;
  // The photos go through sharp, outside the seed's transaction; only a fresh demo gets them.
  if (seeded) await attachDemoPhotos(database.db);
  // A clean install: ADMIN_EMAIL/ADMIN_PASSWORD make the first admin while there is none.
  const firstAdmin = await ensureFirstAdmin(database.db, config);
  return { seeded, firstAdmin: firstAdmin?.correo ?? null };
}

/** Set in the environment of the process that only sets up the database. */
const SETUP_PROCESS = 'NEXBYTE_SETUP_PROCESS';

/** The set-up process failed: it has said why on the shared stderr, unless a signal ended it. */
class SetupFailed extends Error {}

/**
 * Setting up runs in a process of its own, which exits when done: migrating, loading the demo,
 * drawing its photos through sharp and hashing passwords leave the server's memory allocator with
 * tens of megabytes it would keep for good (and sharp's libraries loaded). The server that then
 * serves is the same as after any restart.
 */
function setUpInOwnProcess(): Promise<SetupOutcome> {
  return new Promise((resolve, reject) => {
    const child = fork(process.argv[1]!, process.argv.slice(2), {
      env: { ...process.env, [SETUP_PROCESS]: '1' },
    });
    let outcome: SetupOutcome | undefined;
    child.on('message', (message) => (outcome = message as SetupOutcome));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0 && outcome) resolve(outcome);
      else if (signal) {
        reject(
          new SetupFailed(`la preparación de la base de datos terminó por la señal ${signal}.`),
        );
      } else reject(new SetupFailed());
    });
  });
}

async function main() {
  // Before anything is written (the generated JWT secret, the embedded database): owner-only files.
  process.umask(OWNER_ONLY_UMASK);
  // The one file the configuration needs written (development's generated secret); reading the
  // configuration itself writes nothing.
  ensureJwtSecretFile();
  const config = loadConfig();
  // Lost connections are reported through the app's logger once it exists.
  let log: DbLog = { warn: (details, message) => console.warn(message, details) };
  const open = () =>
    openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      pool: config.pool,
      log: { warn: (details, message) => log.warn(details, message) },
    });
  if (process.env[SETUP_PROCESS]) {
    const database = await open();
    const outcome = await setUp(database, config);
    await database.close();
    process.send!(outcome, () => process.exit(0));
    return;
  }
  let database: Database | undefined;
  let outcome: SetupOutcome = { seeded: false, firstAdmin: null };
  // A new embedded database is created (initdb) by the first to open it: that is setting up too.
  if (config.databaseUrl || pgliteCreated(config.dataDir)) {
    database = await open();
    if (await setupPending(database, config)) {
      // The embedded database is one process's at a time.
      await database.close();
      database = undefined;
    }
  }
  if (!database) {
    outcome = await setUpInOwnProcess();
    database = await open();
  }
  const { seeded, firstAdmin } = outcome;
  try {
    await refuseDemoAccountsInProduction(database.db, config);
  } catch (err) {
    await database.close();
    throw err;
  }
  const adminMissing = !(await hasAdmin(database.db));

  const app = await buildApp({
    config,
    database,
    logger: { ...loggerOptions(config), stream: logDestination() },
  });
  log = app.log;
  await app.listen({ host: config.host, port: config.port });
  // Start-up's garbage (module compilation, the embedded database's WebAssembly) goes back now, a
  // peak's every few seconds.
  const trimmer = startAllocatorTrimmer({ intervalMs: config.memoryTrimIntervalMs, log: app.log });
  await trimmer?.trimNow();

  const where = database.kind === 'pglite' ? `PGlite en ${config.dataDir}` : 'PostgreSQL';
  const address = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;
  console.info(
    [
      '',
      `  Nexbyte está listo en ${address}`,
      `  Base de datos: ${where}${seeded ? ' (datos de demostración cargados)' : ''}`,
      ...(config.apiDocs ? [`  Documentación de la API: ${address}/api/docs`] : []),
      ...(config.seedDemoData && config.env === 'production'
        ? [`  Admin:   ${config.admin.email} / (ADMIN_PASSWORD)`]
        : []),
      ...(config.seedDemoData && config.env !== 'production'
        ? [
            `  Admin:   ${config.admin.email} / ${config.admin.password}`,
            `  Cliente: ${DEMO_CLIENT.correo} / ${DEMO_CLIENT.password}`,
          ]
        : []),
      ...(firstAdmin ? [`  Primer administrador creado: ${firstAdmin}`] : []),
      ...(adminMissing
        ? ['  Aún no hay administrador: créalo con npm run admin:create -- --correo … --nombre …']
        : []),
      '',
    ].join('\n'),
  );

  running = app;
  const { drainMs, graceMs } = config.shutdown;

  // Stop accepting; idle keep-alive sockets close at once, requests in flight get `drainMs` to
  // finish (their answers close their sockets), then whatever is left (slow senders) is cut.
  // app.close() runs the onClose hooks last, which close Redis and the database.
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.warn({ signal }, 'segunda señal: se fuerza la salida');
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal, drainMs, graceMs }, 'cerrando el servidor');
    setTimeout(() => {
      app.log.error('el cierre tardó demasiado; se fuerza la salida');
      process.exit(1);
    }, graceMs).unref();
    setTimeout(() => app.server.closeAllConnections(), drainMs).unref();
    const closed = app.close();
    app.server.closeIdleConnections();
    closed.then(
      () => {
        app.log.info('servidor cerrado');
        process.exit(0);
      },
      (err: unknown) => {
        app.log.error({ err }, 'error al cerrar');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

/** The app once it listens, so that a fatal error can still close the database on the way out. */
let running: App | undefined;
const FATAL_CLOSE_MS = 3_000;
let dying = false;

/**
 * What nobody handled is a bug or a state we cannot reason about: log it, give the database a
 * short, bounded chance to close, and exit 1 so the supervisor starts a clean process.
 */
function fatal(kind: 'uncaughtException' | 'unhandledRejection', err: unknown) {
  const log = running?.log;
  if (log) log.fatal({ err, kind }, 'error no controlado; el proceso termina');
  else console.error(`Error no controlado (${kind}); el proceso termina:`, err);
  if (dying || !running) process.exit(1);
  dying = true;
  setTimeout(() => process.exit(1), FATAL_CLOSE_MS).unref();
  running.server.closeAllConnections();
  const exit = () => process.exit(1);
  running.close().then(exit, exit);
}
process.on('uncaughtException', (err) => fatal('uncaughtException', err));
process.on('unhandledRejection', (reason) => fatal('unhandledRejection', reason));

main().catch((err: unknown) => {
  if (err instanceof SetupFailed) {
    // Unless a signal ended it, the set-up process has already said why.
    if (err.message) console.error(`No se pudo iniciar Nexbyte: ${err.message}`);
  } else if (err instanceof ConfigError || err instanceof StorageFullError) {
    console.error(`No se pudo iniciar Nexbyte: ${err.message}`);
  } else if (isStorageFull(err)) {
    console.error(
      'No se pudo iniciar Nexbyte: no queda espacio en el disco. Libera espacio y vuelve a iniciar.',
      (err as Error).message,
    );
  } else {
    console.error('No se pudo iniciar Nexbyte:', err);
  }
  process.exit(1);
});
