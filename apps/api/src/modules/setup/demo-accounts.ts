// What a production start refuses to find in the database: the demo's accounts with the
// passwords README prints (decision 020).
import { ConfigError, DEMO_ADMIN, type AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { DEMO_CLIENT } from '../../db/seed';
import { verifyPassword } from '../../passwords';
import { findUserRowByCorreo } from '../users/users.service';

/**
 * The accounts of the database that still open with a demo password anyone can read: the demo
 * client with `cliente123`, and the demo admin (`admin@duoc.cl`, or ADMIN_EMAIL when the demo was
 * loaded with it) with `admin123`. Their e-mails, lower-cased, in that order.
 */
export async function demoAccountsWithKnownPasswords(
  db: Db,
  config: Pick<AppConfig, 'admin'>,
): Promise<string[]> {
  const known = [
    { correo: DEMO_CLIENT.correo, password: DEMO_CLIENT.password },
    { correo: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
    { correo: config.admin.email.toLowerCase(), password: DEMO_ADMIN.password },
  ].filter((a, i, all) => all.findIndex((b) => b.correo === a.correo) === i);
  const found: string[] = [];
  for (const { correo, password } of known) {
    const row = await findUserRowByCorreo(db, correo);
    if (row && (await verifyPassword(row.passHash, password))) found.push(correo);
  }
  return found;
}

/**
 * Production does not serve while a demo account opens with its published password: anyone could
 * log in as the shop's admin, or order and read a customer's data as the demo client. Throws a
 * ConfigError that names the accounts and what to do.
 */
export async function refuseDemoAccountsInProduction(
  db: Db,
  config: Pick<AppConfig, 'admin' | 'env'>,
): Promise<void> {
  if (config.env !== 'production') return;
  const found = await demoAccountsWithKnownPasswords(db, config);
  if (found.length === 0) return;
  const accounts = found.join(' y ');
  throw new ConfigError(
    `la base de datos tiene ${found.length === 1 ? 'la cuenta' : 'las cuentas'} de demostración ${accounts} con la contraseña que publica el README, y en producción cualquiera podría entrar con ${found.length === 1 ? 'ella' : 'ellas'}. Usa una base de datos sin datos de demostración, o inicia la tienda sin NODE_ENV=production y cambia esas contraseñas (o elimina esas cuentas en Administración > Usuarios) antes de volver a producción.`,
  );
}
