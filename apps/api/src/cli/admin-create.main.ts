// `npm run admin:create -- --correo X --nombre Y`: the shop's first (or another) admin, on the
// database the server uses (DATABASE_URL, else DATA_DIR). The password is asked without echo on a
// terminal, or read once from ADMIN_PASSWORD.
import { parseArgs } from 'node:util';
import { ConfigError } from '../config';
import { openDatabase } from '../db/client';
import { OWNER_ONLY_UMASK } from '../db/pglite-data-dir';
import { HttpError } from '../http-errors';
import { checkOwner, createOwnerLocked } from '../modules/setup/owner-account';
import { readSecret } from './read-secret';
import { commandConfig } from './cli-config';

const USAGE = 'Uso: npm run admin:create -- --correo dueno@tienda.cl --nombre "Nombre"';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { correo: { type: 'string' }, nombre: { type: 'string' } },
    strict: true,
  });
  if (!values.correo || !values.nombre) {
    console.error(USAGE);
    return 2;
  }
  const fromEnv = process.env.ADMIN_PASSWORD;
  const config = commandConfig();
  let pass: string;
  if (fromEnv) {
    pass = fromEnv;
  } else if (process.stdin.isTTY) {
    pass = await readSecret('Contraseña: ');
    const again = await readSecret('Repite la contraseña: ');
    if (pass !== again) {
      console.error('Las contraseñas no coinciden.');
      return 1;
    }
  } else {
    console.error(
      'Sin terminal no se puede preguntar la contraseña: pásala una vez en ADMIN_PASSWORD.',
    );
    return 2;
  }

  // Wrong input is said before the database is opened (and its migrations run).
  const input = { correo: values.correo, nombre: values.nombre, pass };
  try {
    await checkOwner(input, config);
  } catch (err) {
    if (err instanceof HttpError) {
      console.error(`No se creó el administrador: ${err.message}`);
      return 1;
    }
    throw err;
  }

  process.umask(OWNER_ONLY_UMASK);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pool: config.pool,
    poolSize: 1,
  });
  try {
    await database.migrate();
    const admin = await createOwnerLocked(database.db, input, config);
    console.info(`Administrador creado: ${admin.correo} (id ${admin.id}).`);
    return 0;
  } catch (err) {
    if (err instanceof HttpError) {
      console.error(`No se creó el administrador: ${err.message}`);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(
      err instanceof ConfigError ? `Configuración: ${err.message}` : 'Error inesperado:',
      err instanceof ConfigError ? '' : err,
    );
    process.exit(1);
  },
);
