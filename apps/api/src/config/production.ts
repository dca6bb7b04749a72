// What production refuses to start with (README's Production install).
import { ConfigError } from './config-error';
import { DEMO_ADMIN, DEMO_BANK, type Env } from './env-schema';

/**
 * Production must not run on what the demo ships with: the demo admin's password anyone can read
 * in README, a transfer account that is not the shop's (customers would pay into it), the outbox
 * that shows e-mails with their links, or links that are not https.
 */
export function refuseDemoSettingsInProduction(env: Env): void {
  const demoAdmin = env.SEED_DEMO_DATA && !env.ADMIN_PASSWORD;
  if (env.ADMIN_PASSWORD === DEMO_ADMIN.password || demoAdmin) {
    throw new ConfigError(
      `ADMIN_PASSWORD es la contraseña de demostración (${DEMO_ADMIN.password}), que cualquiera puede leer: en producción usa una propia, o no cargues los datos de demostración y crea la cuenta con npm run admin:create.`,
    );
  }
  if (env.BANK_ACCOUNT_NUMBER === DEMO_BANK.numeroCuenta || env.BANK_RUT === DEMO_BANK.rut) {
    const setting =
      env.BANK_ACCOUNT_NUMBER === DEMO_BANK.numeroCuenta ? 'BANK_ACCOUNT_NUMBER' : 'BANK_RUT';
    throw new ConfigError(
      `${setting} es la cuenta de demostración: en producción los clientes transferirían a una cuenta que no es de la tienda. Configura BANK_NAME, BANK_ACCOUNT_TYPE, BANK_ACCOUNT_NUMBER, BANK_RUT, BANK_HOLDER y BANK_EMAIL.`,
    );
  }
  if (env.DEV_OUTBOX_API) {
    throw new ConfigError(
      'DEV_OUTBOX_API muestra los correos guardados (con sus enlaces) a cualquiera: no se permite en producción.',
    );
  }
  if (!env.PUBLIC_URL || !env.PUBLIC_URL.startsWith('https://')) {
    throw new ConfigError(
      'PUBLIC_URL debe ser la dirección https:// de la tienda en producción (los enlaces de los correos y los pagos la usan).',
    );
  }
}
