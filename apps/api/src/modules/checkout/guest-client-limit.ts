import type { Redis } from 'ioredis';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { windowCounter } from '../auth/counters';

/**
 * Guest orders placed from one client over the time an unpaid order holds its stock (decision
 * 013). An order stores no client address, so this counts placements in Redis (or memory) rather
 * than unpaid orders in the database; the per-e-mail limit, counted in the database, is exact.
 */
export class GuestClientLimit {
  private readonly counter: RateLimiterAbstract;

  constructor(redis: Redis | null, prefix: string, max: number, expiryHours: number) {
    this.counter = windowCounter(
      redis,
      `${prefix}:pedidos-invitado`,
      max,
      Math.ceil(expiryHours * 3600),
    );
  }

  /** Takes one order's place; false when the client has no place left (nothing is taken). */
  async take(client: string): Promise<boolean> {
    try {
      await this.counter.consume(client);
      return true;
    } catch (err) {
      if (err instanceof Error) throw err;
      // Over the limit: consume counted the refused attempt too; give it back.
      await this.counter.reward(client);
      return false;
    }
  }

  /** Gives a place back: the order was not placed, or was a replay of one already counted. */
  async giveBack(client: string): Promise<void> {
    await this.counter.reward(client);
  }
}
