import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';

/** Either a caller may go on, or how many seconds they must wait. */
export type LoginGate = { blocked: false } | { blocked: true; retryAfterSeconds: number };

/**
 * A counter of `points` per key over `windowSeconds`. With Redis it is shared by every server
 * instance; without it it lives in this process.
 */
export function windowCounter(
  redis: Redis | null,
  keyPrefix: string,
  points: number,
  windowSeconds: number,
): RateLimiterAbstract {
  return redis
    ? new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration: windowSeconds })
    : new RateLimiterMemory({ keyPrefix, points, duration: windowSeconds });
}

/** The gate for the waits of the counters over their limit (milliseconds; none: not blocked). */
export function gateFor(waitsMs: readonly number[]): LoginGate {
  if (waitsMs.length === 0) return { blocked: false };
  return { blocked: true, retryAfterSeconds: Math.max(1, Math.ceil(Math.max(...waitsMs) / 1000)) };
}
