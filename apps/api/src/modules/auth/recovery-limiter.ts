import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { RecoveryLimits } from '../../config';
import type { LoginGate } from './login-limiter';

export const RECOVERY_BLOCKED_MESSAGE =
  'Demasiadas solicitudes para recuperar la contraseña. Espera unos minutos e inténtalo de nuevo.';

/**
 * Counts password-recovery requests per e-mail and per client over a window, whether or not the
 * e-mail has an account (counting only real accounts would tell which ones exist). With Redis the
 * counters are shared by every server instance; without it they live in this process.
 */
export class RecoveryLimiter {
  private readonly byEmail: RateLimiterAbstract;
  private readonly byClient: RateLimiterAbstract;

  constructor(limits: RecoveryLimits, redis: Redis | null, prefix = 'nexbyte') {
    const make = (keyPrefix: string, points: number) =>
      redis
        ? new RateLimiterRedis({
            storeClient: redis,
            keyPrefix,
            points,
            duration: limits.windowSeconds,
          })
        : new RateLimiterMemory({ keyPrefix, points, duration: limits.windowSeconds });
    this.byEmail = make(`${prefix}:recovery-email`, limits.perEmail);
    this.byClient = make(`${prefix}:recovery-client`, limits.perClient);
  }

  /** Counts one request; blocked when either count is over its limit. */
  async consume(email: string, client: string): Promise<LoginGate> {
    const results = await Promise.allSettled([
      this.byEmail.consume(email),
      this.byClient.consume(client),
    ]);
    const waits: number[] = [];
    for (const result of results) {
      if (result.status === 'fulfilled') continue;
      // A store failure (Redis down) is an error, not a refusal.
      if (!(result.reason instanceof RateLimiterRes)) throw result.reason;
      waits.push(Math.max(1, Math.ceil(result.reason.msBeforeNext / 1000)));
    }
    return waits.length > 0
      ? { blocked: true, retryAfterSeconds: Math.max(...waits) }
      : { blocked: false };
  }
}
