import type { Redis } from 'ioredis';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RecoveryLimits } from '../../config';
import { clientKey } from '../../client-key';
import { gateFor, windowCounter, type LoginGate } from './counters';

export const RECOVERY_BLOCKED_MESSAGE =
  'Demasiadas solicitudes para recuperar la contraseña. Espera unos minutos e inténtalo de nuevo.';

/**
 * Counts password-recovery requests per e-mail and per client over a window, whether or not the
 * e-mail has an account (counting only real accounts would tell which ones exist). With Redis the
 * counters are shared by every server instance; without it, and while Redis is down, they live in
 * this process.
 */
export class RecoveryLimiter {
  private readonly byEmail: RateLimiterAbstract;
  private readonly byClient: RateLimiterAbstract;

  constructor(limits: RecoveryLimits, redis: Redis | null, prefix = 'nexbyte') {
    const { windowSeconds } = limits;
    this.byEmail = windowCounter(redis, `${prefix}:recovery-email`, limits.perEmail, windowSeconds);
    this.byClient = windowCounter(
      redis,
      `${prefix}:recovery-client`,
      limits.perClient,
      windowSeconds,
    );
  }

  /** Counts one request; blocked when either count is over its limit. */
  async consume(email: string, ip: string): Promise<LoginGate> {
    const results = await Promise.allSettled([
      this.byEmail.consume(email),
      this.byClient.consume(clientKey(ip)),
    ]);
    const waits: number[] = [];
    for (const result of results) {
      if (result.status === 'fulfilled') continue;
      // Redis down is handled by the counters' memory fallback; anything else is a real error.
      if (!(result.reason instanceof RateLimiterRes)) throw result.reason;
      waits.push(result.reason.msBeforeNext);
    }
    return gateFor(waits);
  }
}
