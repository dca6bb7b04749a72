import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { sleep } from './http';

/** Whether `redis-server` can be started here (.ci/run installs Debian's when missing). */
export const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

const started = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of started) child.kill('SIGKILL');
});

/**
 * A redis-server of the test's own, on a port nobody else uses, with nothing kept on disk, so the
 * test can kill it and start it again on the same port without touching the shared Redis.
 */
export class RedisServer {
  private child: ChildProcess | null = null;

  constructor(readonly port: number) {}

  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    this.child = child;
    started.add(child);
    child.once('exit', () => started.delete(child));
    for (let i = 0; i < 100; i++) {
      if (
        await this.command('PING').then(
          (r) => r.startsWith('+PONG'),
          () => false,
        )
      )
        return;
      if (child.exitCode !== null) break;
      await sleep(50);
    }
    throw new Error(`redis-server no arrancó en el puerto ${this.port}`);
  }

  /** SIGKILL, as a crash or an OOM kill would end it; resolves once it is gone. */
  async kill(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await gone;
  }

  /** One inline command over a fresh connection; resolves the raw reply. */
  command(line: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(this.port, '127.0.0.1');
      let reply = '';
      socket.setTimeout(1000, () => socket.destroy(new Error('redis: sin respuesta')));
      socket.on('connect', () => socket.write(`${line}\r\n`));
      socket.on('data', (chunk) => {
        reply += chunk.toString();
        // Enough for the replies used here: a status, an integer, or an array of bulk strings.
        if (complete(reply)) {
          socket.end();
          resolve(reply);
        }
      });
      socket.on('error', reject);
    });
  }

  /** The keys under a prefix (KEYS is fine on a Redis that holds a handful). */
  async keys(prefix: string): Promise<string[]> {
    const reply = await this.command(`KEYS ${prefix}*`);
    return reply
      .split('\r\n')
      .filter((line, i, all) => i > 0 && all[i - 1]!.startsWith('$') && line !== '');
  }
}

function complete(reply: string): boolean {
  if (!reply.endsWith('\r\n')) return false;
  if (!reply.startsWith('*')) return true;
  const count = Number(reply.slice(1, reply.indexOf('\r\n')));
  return (
    reply.split('\r\n').filter((l) => l.startsWith('$')).length >= count &&
    reply.split('\r\n').length - 1 >= 1 + 2 * count
  );
}
