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
 * instance; without it, or while Redis is down or not yet connected, it counts in this process
 * (the insurance limiter) and goes back to Redis once Redis answers again.
 */
export function windowCounter(
  redis: Redis | null,
  keyPrefix: string,
  points: number,
  windowSeconds: number,
): RateLimiterAbstract {
  const memory = new RateLimiterMemory({ keyPrefix, points, duration: windowSeconds });
  if (!redis) return memory;
  return new RateLimiterRedis({
    storeClient: redis,
    keyPrefix,
    points,
    duration: windowSeconds,
    // Straight to memory while disconnected, instead of waiting on a command that cannot run.
    rejectIfRedisNotReady: true,
    insuranceLimiter: memory,
  });
}

/** The gate for the waits of the counters over their limit (milliseconds; none: not blocked). */
export function gateFor(waitsMs: readonly number[]): LoginGate {
  if (waitsMs.length === 0) return { blocked: false };
  return { blocked: true, retryAfterSeconds: Math.max(1, Math.ceil(Math.max(...waitsMs) / 1000)) };
}
