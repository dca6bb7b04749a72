import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { apiDir } from './paths';

/**
 * In a fresh process (the test workers share their modules): read the configuration, build the app
 * on an embedded database and make it ready, as the server does before it listens; then answer
 * which packages of node_modules were loaded on the way.
 */
const START = `
import { createRequire } from 'node:module';
const { loadConfig } = await import('./src/config/index.ts');
const { openDatabase } = await import('./src/db/client.ts');
const { buildApp } = await import('./src/app.ts');
const config = loadConfig({
  NODE_ENV: 'test',
  JWT_SECRET: 'x'.repeat(32),
  DATA_DIR: process.env.START_DATA_DIR,
  LOG_LEVEL: 'silent',
});
const database = await openDatabase({});
await database.migrate();
const app = await buildApp({ config, database });
await app.ready();
const loaded = Object.keys(createRequire(import.meta.url).cache);
console.log(JSON.stringify(loaded.filter((file) => /[/\\\\]node_modules[/\\\\](transbank-sdk|axios)[/\\\\]/.test(file))));
await app.close();
`;

describe('starting the server', () => {
  it('loads neither transbank-sdk nor axios: they come with the first payment (decision 025)', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', START],
      {
        cwd: apiDir,
        env: {
          ...process.env,
          START_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'nexbyte-start-')),
        },
        timeout: 120_000,
      },
    );
    const lastLine = stdout.trim().split('\n').at(-1)!;
    expect(JSON.parse(lastLine)).toEqual([]);
  }, 150_000);
});
