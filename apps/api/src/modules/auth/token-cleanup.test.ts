import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, CLIENT, createTestApp, type TestContext } from '../../test/test-app';
import { findUserRowByCorreo } from '../users/users.service';
import { recuperacionesPassword } from './auth.schema';
import { issueRecoveryToken } from './recovery.repository';
import { sesiones } from './sessions.schema';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the periodic clean-up of credentials', () => {
  it('deletes sessions and recovery links expired over a day ago, and nothing alive', async () => {
    const admin = (await findUserRowByCorreo(t.app.db, ADMIN.correo))!;
    const client = (await findUserRowByCorreo(t.app.db, CLIENT.correo))!;
    await issueRecoveryToken(t.app.db, admin.id);
    await issueRecoveryToken(t.app.db, client.id);
    await t.app.db
      .update(recuperacionesPassword)
      .set({ expiresAt: sql`now() - interval '2 days'` })
      .where(eq(recuperacionesPassword.usuarioId, admin.id));
    await t.app.db
      .update(sesiones)
      .set({ expiresAt: sql`now() - interval '2 days'` })
      .where(eq(sesiones.usuarioId, admin.id));
    const live = (
      await t.app.db.select({ n: count() }).from(sesiones).where(eq(sesiones.usuarioId, client.id))
    )[0]!.n;
    expect(live).toBeGreaterThan(0);

    await t.app.jobs.schedulePeriodic();
    await t.app.jobs.runDue();

    const left = await t.app.db.select({ usuarioId: sesiones.usuarioId }).from(sesiones);
    expect(left.filter((s) => s.usuarioId === admin.id)).toEqual([]);
    expect(left.filter((s) => s.usuarioId === client.id)).toHaveLength(live);
    const links = await t.app.db
      .select({ usuarioId: recuperacionesPassword.usuarioId })
      .from(recuperacionesPassword);
    expect(links).toEqual([{ usuarioId: client.id }]);
    // The client's session still opens the account.
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/cuenta',
      headers: { authorization: `Bearer ${t.clientToken}` },
    });
    expect(me.statusCode).toBe(200);
  });
});
