import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { killServers, startServer } from '../../../scripts/lib/server-process.mjs';
import { BACKUP_SOCKET } from '../src/db/backup';
import { openDatabase } from '../src/db/client';
import { seedDemoData } from '../src/db/seed';
import { testConfig } from '../src/test/test-app';
import { sleep } from './support/http';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Whether the server holds the command's connection: accepted (an established socket bound to the
 * path) or still waiting in the listener's queue (ss's Recv-Q for a listener).
 */
function connected(socketPath: string): boolean {
  const out = spawnSync('ss', ['-xaH']).stdout.toString();
  return out
    .split('\n')
    .filter((l) => l.includes(socketPath))
    .some((l) => {
      const [, state, recvQ] = l.trim().split(/\s+/);
      return state === 'ESTAB' || (state === 'LISTEN' && Number(recvQ) > 0);
    });
}

describe.skipIf(spawnSync('ss', ['-V']).status !== 0)(
  'a server killed during a backup',
  { timeout: 600_000 },
  () => {
    afterAll(() => killServers());

    it('db:backup exits non-zero, says why in Spanish and leaves no file', async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'nexbyte-faults-respaldo-'));
      const database = await openDatabase({ dataDir });
      await database.migrate();
      await seedDemoData(database.db, testConfig({ DATA_DIR: dataDir }));
      await database.close();
      // Development: the demo's accounts, seeded here, are refused in production.
      const env = {
        NODE_ENV: 'development',
        JWT_SECRET: randomBytes(32).toString('hex'),
        DATA_DIR: dataDir,
        SEED_DEMO_DATA: 'false',
        WEB_DIST_DIR: path.join(tmpdir(), 'nexbyte-faults-no-web'),
        ORDER_SWEEP_INTERVAL_SECONDS: '0',
      };
      const server = await startServer(env, {
        source: true,
        inheritEnv: false,
        readyTimeoutMs: 90_000,
      });
      const socketPath = path.join(dataDir, BACKUP_SOCKET);
      const outDir = mkdtempSync(path.join(tmpdir(), 'nexbyte-faults-respaldo-out-'));

      // The server is killed as soon as it holds the command's connection, before the dump is out.
      const backup = spawn(
        process.execPath,
        ['--import', 'tsx', 'src/cli/db-backup.main.ts', '--salida', path.join(outDir, 'r.tar.gz')],
        {
          cwd: apiRoot,
          env: { ...env, PATH: process.env.PATH ?? '' },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let out = '';
      backup.stdout.on('data', (d: Buffer) => (out += d.toString()));
      backup.stderr.on('data', (d: Buffer) => (out += d.toString()));
      const exited = new Promise<number | null>((resolve) => backup.on('exit', resolve));
      let held = false;
      for (let i = 0; i < 6_000 && !held && backup.exitCode === null; i++) {
        held = connected(socketPath);
        if (!held) await sleep(10);
      }
      expect(held, out).toBe(true);

      server.child.kill('SIGKILL');
      await server.exited;
      const code = await exited;
      expect(out).toContain('No se hizo el respaldo: el servidor se detuvo');
      expect(code).toBe(1);
      expect(readdirSync(outDir)).toEqual([]);
    });
  },
);
