import type { Redis } from 'ioredis';
import type { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import type { LoginLimits } from '../../config';
import { gateFor, windowCounter, type LoginGate } from './counters';

export const LOGIN_BLOCKED_MESSAGE =
  'Demasiados intentos fallidos de inicio de sesión. Espera unos minutos e inténtalo de nuevo.';

export type { LoginGate } from './counters';

/**
 * Counts failed logins per account and per client over a window. Only failures count; a blocked
 * caller is turned away before the password is checked. With Redis the counters are shared by every
 * server instance; without it they live in this process.
 */
export class LoginLimiter {
  private readonly byAccount: RateLimiterAbstract;
  private readonly byClient: RateLimiterAbstract;

  constructor(
    private readonly limits: LoginLimits,
    redis: Redis | null,
    prefix = 'nexbyte',
  ) {
    const { windowSeconds } = limits;
    this.byAccount = windowCounter(
      redis,
      `${prefix}:login-account`,
      limits.perAccount,
      windowSeconds,
    );
    this.byClient = windowCounter(redis, `${prefix}:login-client`, limits.perClient, windowSeconds);
  }

  async check(account: string, client: string): Promise<LoginGate> {
    const [a, c] = await Promise.all([this.byAccount.get(account), this.byClient.get(client)]);
    const waits = [
      this.waitIfSpent(a, this.limits.perAccount),
      this.waitIfSpent(c, this.limits.perClient),
    ].filter((w): w is number => w !== null);
    return gateFor(waits);
  }

  async recordFailure(account: string, client: string): Promise<void> {
    await Promise.all([this.byAccount.penalty(account, 1), this.byClient.penalty(client, 1)]);
  }

  /** A successful login clears the account's failures; the client's stay counted. */
  async recordSuccess(account: string): Promise<void> {
    await this.byAccount.delete(account);
  }

  private waitIfSpent(res: RateLimiterRes | null, limit: number): number | null {
    if (!res || res.consumedPoints < limit) return null;
    return res.msBeforeNext;
  }
}
