import type { Redis } from 'ioredis';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { LoginLimits } from '../../config';
import { clientKey } from '../../client-key';
import { gateFor, windowCounter, type LoginGate } from './counters';

export const LOGIN_BLOCKED_MESSAGE =
  'Demasiados intentos fallidos de inicio de sesión. Espera unos minutos e inténtalo de nuevo.';

export type { LoginGate } from './counters';

/**
 * Counts password guesses per account and per client over a window. Each attempt takes its point
 * before the password is checked, so parallel guesses cannot all pass a count that is only read
 * first and written after the hash; a right password gives its point back, so only failures stay
 * counted. With Redis the counters are shared by every server instance; without it, and while
 * Redis is down, they live in this process.
 */
export class LoginLimiter {
  private readonly byAccount: RateLimiterAbstract;
  private readonly byClient: RateLimiterAbstract;

  constructor(limits: LoginLimits, redis: Redis | null, prefix = 'nexbyte') {
    const { windowSeconds } = limits;
    this.byAccount = windowCounter(
      redis,
      `${prefix}:login-account`,
      limits.perAccount,
      windowSeconds,
    );
    this.byClient = windowCounter(redis, `${prefix}:login-client`, limits.perClient, windowSeconds);
  }

  /**
   * Takes one attempt from the account and from the client. Blocked when either is spent; then
   * the point taken from the other is given back, since no password will be checked.
   */
  async consume(account: string, ip: string): Promise<LoginGate> {
    const client = clientKey(ip);
    const [a, c] = await Promise.allSettled([
      this.byAccount.consume(account),
      this.byClient.consume(client),
    ]);
    const waits = [a, c].flatMap((result) => {
      if (result.status === 'fulfilled') return [];
      // Redis down is handled by the counters' memory fallback; anything else is a real error.
      if (!(result.reason instanceof RateLimiterRes)) throw result.reason;
      return [result.reason.msBeforeNext];
    });
    if (waits.length > 0) {
      await Promise.all([
        a.status === 'fulfilled' && this.byAccount.reward(account, 1),
        c.status === 'fulfilled' && this.byClient.reward(client, 1),
      ]);
    }
    return gateFor(waits);
  }

  /** The password was right: the attempt is given back to both counters. */
  async refund(account: string, ip: string): Promise<void> {
    await Promise.all([this.byAccount.reward(account, 1), this.byClient.reward(clientKey(ip), 1)]);
  }

  /**
   * A successful login (or a password set through a recovery link, without a client) clears the
   * account's failures; the client's earlier failures stay counted.
   */
  async recordSuccess(account: string, ip?: string): Promise<void> {
    await Promise.all([
      this.byAccount.delete(account),
      ip !== undefined && this.byClient.reward(clientKey(ip), 1),
    ]);
  }
}
