import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

export interface RedisSettings {
  url: string;
  /** Opening the connection. */
  connectTimeoutMs: number;
  /** One command; a Redis that hangs costs a request at most this much. */
  commandTimeoutMs: number;
}

/** Reconnection waits grow from 100 ms to at most 1 s, so a Redis that is back is used within ~1 s. */
const RECONNECT_MAX_MS = 1_000;

/**
 * Redis only speeds things up and lets instances share counters: when it is down, commands fail
 * at once (no offline queue, one retry) and their callers fall back to memory. It is reported
 * once when lost and once when back, not on every failed reconnection.
 */
export function connectRedis(settings: RedisSettings, log: FastifyBaseLogger): Redis {
  const redis = new Redis(settings.url, {
    connectTimeout: settings.connectTimeoutMs,
    commandTimeout: settings.commandTimeoutMs,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(100 * 2 ** (attempt - 1), RECONNECT_MAX_MS),
  });
  // null until the first connection succeeds or fails.
  let up: boolean | null = null;
  let lastError: string | undefined;
  const lost = () => {
    if (up === false) return;
    up = false;
    log.warn(
      { cause: lastError },
      'Redis no está disponible: los contadores siguen en la memoria de esta instancia',
    );
  };
  redis.on('error', (err: Error) => {
    lastError = err.message;
    lost();
  });
  redis.on('close', lost);
  redis.on('ready', () => {
    if (up === false) log.info('Redis está disponible de nuevo: los contadores vuelven a Redis');
    up = true;
  });
  return redis;
}

/**
 * Waits until Redis is connected or `ms` have passed, so that the first requests after start-up
 * count in Redis rather than in memory. A Redis that is down does not hold the start.
 */
export async function redisReady(redis: Redis, ms: number): Promise<boolean> {
  if (redis.status === 'ready') return true;
  let timer: NodeJS.Timeout | undefined;
  let onReady: (() => void) | undefined;
  let onError: (() => void) | undefined;
  const ready = await new Promise<boolean>((resolve) => {
    onReady = () => resolve(true);
    // Refused or unreachable: no use waiting for the time-out.
    onError = () => resolve(false);
    redis.once('ready', onReady);
    redis.once('error', onError);
    timer = setTimeout(() => resolve(false), ms);
  });
  clearTimeout(timer);
  if (onReady) redis.off('ready', onReady);
  if (onError) redis.off('error', onError);
  return ready;
}

/** Closes politely when Redis answers, at once when it does not. */
export async function closeRedis(redis: Redis): Promise<void> {
  redis.removeAllListeners('close');
  if (redis.status !== 'ready') {
    redis.disconnect();
    return;
  }
  await redis.quit().catch(() => redis.disconnect());
}
