import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../test/test-app';
import { LISTEN_APPLICATION_NAME, pgListen } from './pg-listen';

const serverUrl = process.env.TEST_DATABASE_URL ?? '';
const quiet = { warn: () => {} };

async function until(check: () => boolean | Promise<boolean>, ms = 3_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('no ocurrió a tiempo');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.skipIf(DB_KIND !== 'postgres')('pgListen on PostgreSQL', () => {
  // A database of its own, so the listeners counted are this file's only.
  const name = `nexbyte_test_${randomBytes(6).toString('hex')}`;
  // Collected on PGlite too, where there is no server: the URL waits for the tests to run.
  const url = new URL(serverUrl || 'postgres://unused');
  url.pathname = `/${name}`;
  let admin: pg.Client;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
  });
  afterAll(async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  const listeners = async () =>
    (
      await admin.query(
        'select pid from pg_stat_activity where application_name = $1 and datname = $2',
        [LISTEN_APPLICATION_NAME, name],
      )
    ).rows as { pid: number }[];

  async function notify(channel: string) {
    const c = new pg.Client({ connectionString: url.toString() });
    await c.connect();
    await c.query(`select pg_notify($1, 'x')`, [channel]);
    await c.end();
  }

  it('hears notifications on its channel only, and stops listening when told', async () => {
    const heard: string[] = [];
    const stop = await pgListen({
      connectionString: url.toString(),
      channel: 'catalogo_cambio',
      onNotify: () => heard.push('catalogo'),
      log: quiet,
    });
    await notify('otro_canal');
    await notify('catalogo_cambio');
    await until(() => heard.length > 0);
    expect(heard).toEqual(['catalogo']);
    expect(await listeners()).toHaveLength(1);
    await stop();
    await until(async () => (await listeners()).length === 0);
  });

  it('after losing its connection says so, reconnects, says so, and hears again', async () => {
    const events: string[] = [];
    const stop = await pgListen({
      connectionString: url.toString(),
      channel: 'catalogo_cambio',
      onNotify: () => events.push('notify'),
      onLost: () => events.push('lost'),
      onReconnect: () => events.push('reconnect'),
      log: quiet,
      minDelayMs: 20,
    });
    try {
      const [listener] = await listeners();
      await admin.query('select pg_terminate_backend($1)', [listener!.pid]);
      await until(() => events.includes('reconnect'));
      expect(events).toEqual(['lost', 'reconnect']);
      const [again] = await listeners();
      expect(again!.pid).not.toBe(listener!.pid);
      await notify('catalogo_cambio');
      await until(() => events.includes('notify'));
    } finally {
      await stop();
    }
  });

  it('refuses at once when the first connection fails, leaving nothing behind', async () => {
    const nowhere = new URL(url);
    nowhere.pathname = '/no_existe_esta_base';
    await expect(
      pgListen({
        connectionString: nowhere.toString(),
        channel: 'catalogo_cambio',
        onNotify: () => {},
        log: quiet,
      }),
    ).rejects.toThrow();
  });
});
