import { computeRunCheckDigit } from '@nexbyte/shared';
import { VALID_REGISTRO } from '../../test/payloads';
import type { TestContext } from '../../test/test-app';

let people = 0;

/** Registers a customer of its own through the API, so tests do not depend on each other. */
export async function registerCustomer(t: TestContext, pass = 'vieja1') {
  people += 1;
  const correo = `persona${people}@gmail.com`;
  const body = `${20_000_000 + people}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/registro',
    payload: {
      ...VALID_REGISTRO,
      run: `${body}-${computeRunCheckDigit(body)}`,
      correo,
      pass,
      pass2: pass,
    },
  });
  if (res.statusCode !== 201) throw new Error(`registro: ${res.statusCode} ${res.body}`);
  return { correo, pass, id: res.json<{ id: number }>().id };
}
