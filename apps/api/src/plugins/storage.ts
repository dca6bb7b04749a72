import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { diskWritable } from '../db/pglite-data-dir';

/** Seconds a client is told to wait when the disk is full: freeing space takes someone a while. */
export const STORAGE_RETRY_AFTER_SECONDS = 60;

/**
 * The owner hears of a full disk once per episode; an episode that starts again within this time
 * of the last notice (space freed a little, then used up again) is not told twice, by any instance.
 */
export const STORAGE_NOTICE_GAP_MS = 60 * 60 * 1000;

export interface StorageWatchOptions {
  log: FastifyBaseLogger;
  /** The embedded database's data directory, whose disk can be looked at; null on PostgreSQL. */
  dataDir: string | null;
  redis: Redis | null;
  redisKey: string;
}

/**
 * The shop's view of its storage: full from the first write refused for lack of space until a
 * write goes through again (or, on the embedded database, its disk takes a write again). The
 * owner is told when an episode starts, at most once per STORAGE_NOTICE_GAP_MS; with Redis, only
 * one of the instances that see it tells.
 */
export class StorageWatch {
  private fullSince: Date | null = null;
  private lastNoticeAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: StorageWatchOptions) {}

  get full(): boolean {
    return this.fullSince !== null;
  }

  /** A write was refused because the disk is full. */
  failed(cause: { code?: unknown; message?: unknown }): void {
    if (this.fullSince) return;
    const since = new Date();
    this.fullSince = since;
    this.options.log.error(
      { code: cause.code, cause: cause.message },
      'el disco de la base de datos está lleno: la tienda no puede recibir pedidos',
    );
    void this.tellOwner(since);
  }

  /** A write went through: the episode, if any, is over. */
  recovered(): void {
    if (!this.fullSince) return;
    this.options.log.warn(
      { desde: this.fullSince.toISOString() },
      'vuelve a haber espacio en el disco: la tienda recibe pedidos otra vez',
    );
    this.fullSince = null;
  }

  /** For /api/salud: whether the storage is full now, testing the embedded database's disk. */
  async check(): Promise<boolean> {
    const dir = this.options.dataDir;
    if (dir) {
      let writable: boolean;
      try {
        writable = await diskWritable(dir);
      } catch {
        // Not a question of space (the directory went away, say): the database check tells.
        return this.full;
      }
      if (writable) this.recovered();
      else this.failed({ code: 'ENOSPC', message: `sin espacio en ${dir}` });
    }
    return this.full;
  }

  private readonly listeners: ((since: Date) => void)[] = [];

  /**
   * Who tells the owner that the disk is full. Sent at once, never through the job queue: a full
   * disk cannot take the job.
   */
  onFull(listener: (since: Date) => void): void {
    this.listeners.push(listener);
  }

  private async tellOwner(since: Date) {
    const now = Date.now();
    if (now - this.lastNoticeAt < STORAGE_NOTICE_GAP_MS) return;
    this.lastNoticeAt = now;
    if (!(await this.claimNotice())) return;
    for (const listener of this.listeners) listener(since);
  }

  /** Whether this instance is the one to tell the owner: Redis decides among instances. */
  private async claimNotice(): Promise<boolean> {
    const { redis, redisKey } = this.options;
    if (!redis || redis.status !== 'ready') return true;
    try {
      const set = await redis.set(redisKey, String(process.pid), 'PX', STORAGE_NOTICE_GAP_MS, 'NX');
      return set === 'OK';
    } catch {
      // Better a notice per instance than none.
      return true;
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: StorageWatch;
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Watches for a full disk: the error handler reports refused writes, a write answered well ends
 * the episode, and the owner hears of it from whoever listens (`onFull`: the owner's e-mails).
 */
async function storage(app: FastifyInstance) {
  const watch = new StorageWatch({
    log: app.log.child({ modulo: 'almacenamiento' }),
    dataDir: app.database.kind === 'pglite' && app.database.dumpDataDir ? app.config.dataDir : null,
    redis: app.redis,
    redisKey: `${app.config.redisPrefix}:aviso-disco-lleno`,
  });
  app.decorate('storage', watch);
  app.addHook('onResponse', async (request, reply) => {
    if (watch.full && WRITES.has(request.method) && reply.statusCode < 400) watch.recovered();
  });
}

export default fp(storage, { name: 'storage', dependencies: ['core'] });
