import { buildApp, loggerOptions } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DEMO_CLIENT, seedDemoData } from './db/seed';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const seeded = config.seedDemoData ? await seedDemoData(database.db, config) : false;

  const app = await buildApp({ config, database, logger: loggerOptions(config) });
  await app.listen({ host: config.host, port: config.port });

  const where = database.kind === 'pglite' ? `PGlite en ${config.dataDir}` : 'PostgreSQL';
  const address = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;
  console.info(
    [
      '',
      `  Nexbyte está listo en ${address}`,
      `  Base de datos: ${where}${seeded ? ' (datos de demostración cargados)' : ''}`,
      `  Documentación de la API: ${address}/api/docs`,
      ...(config.seedDemoData
        ? [
            `  Admin:   ${config.admin.email} / ${config.env === 'production' ? '(ADMIN_PASSWORD)' : config.admin.password}`,
            `  Cliente: ${DEMO_CLIENT.correo} / ${DEMO_CLIENT.password}`,
          ]
        : []),
      '',
    ].join('\n'),
  );

  // Stop accepting, let requests in flight finish, then close the database (app.close runs onClose).
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'cerrando el servidor');
    const force = setTimeout(() => {
      app.log.error('el cierre tardó demasiado; se fuerza la salida');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error al cerrar');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(`No se pudo iniciar Nexbyte: ${err.message}`);
  } else {
    console.error('No se pudo iniciar Nexbyte:', err);
  }
  process.exit(1);
});
