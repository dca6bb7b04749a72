import type { Redis } from 'ioredis';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { windowCounter } from '../auth/counters';

/** What the unpaid guest orders of one client may hold at a time (decision 013). */
export interface GuestClientLimits {
  orders: number;
  units: number;
  /** Pesos. */
  total: number;
}

/** Which of a client's limits an order would pass, or null when it fits. */
export type ClientLimitHit = 'units' | 'total' | null;

/**
 * One request's places in its client's counters: what it took, so that a refused order or a
 * replay gives exactly that back.
 */
export class GuestClientHold {
  private taken = { orders: 0, units: 0, total: 0 };

  constructor(
    private readonly limit: GuestClientLimit,
    private readonly client: string,
  ) {}

  /** Takes the order's place; false when the client has no place left (nothing is taken). */
  async takeOrder(): Promise<boolean> {
    if (!(await this.limit.consume('orders', this.client, 1))) return false;
    this.taken.orders = 1;
    return true;
  }

  /** Takes the order's units and pesos; names the limit it would pass (and then takes neither). */
  async take(units: number, total: number): Promise<ClientLimitHit> {
    const pesos = Math.max(0, Math.round(total));
    if (!(await this.limit.consume('units', this.client, units))) return 'units';
    if (!(await this.limit.consume('total', this.client, pesos))) {
      await this.limit.reward('units', this.client, units);
      return 'total';
    }
    this.taken.units = units;
    this.taken.total = pesos;
    return null;
  }

  /** Gives back all it took: the order was not placed, or was a replay of one already counted. */
  async giveBack(): Promise<void> {
    const { orders, units, total } = this.taken;
    this.taken = { orders: 0, units: 0, total: 0 };
    if (orders > 0) await this.limit.reward('orders', this.client, orders);
    if (units > 0) await this.limit.reward('units', this.client, units);
    if (total > 0) await this.limit.reward('total', this.client, total);
  }
}

/**
 * Guest orders placed from one client over the time an unpaid order may hold its stock (decision
 * 013): how many, and their units and pesos together. An order stores no client address, so this
 * counts placements in Redis (or memory) rather than unpaid orders in the database; the per-e-mail
 * limits, counted in the database, are exact.
 */
export class GuestClientLimit {
  private readonly counters: Record<keyof GuestClientLimits, RateLimiterAbstract>;

  constructor(redis: Redis | null, prefix: string, limits: GuestClientLimits, expiryHours: number) {
    const seconds = Math.ceil(expiryHours * 3600);
    this.counters = {
      orders: windowCounter(redis, `${prefix}:pedidos-invitado`, limits.orders, seconds),
      units: windowCounter(redis, `${prefix}:pedidos-invitado-unidades`, limits.units, seconds),
      total: windowCounter(redis, `${prefix}:pedidos-invitado-total`, limits.total, seconds),
    };
  }

  /** A request's places in this client's counters. */
  hold(client: string): GuestClientHold {
    return new GuestClientHold(this, client);
  }

  /** Takes points from a counter; false when they do not fit (nothing is taken). */
  async consume(counter: keyof GuestClientLimits, client: string, points: number) {
    if (points <= 0) return true;
    try {
      await this.counters[counter].consume(client, points);
      return true;
    } catch (err) {
      if (err instanceof Error) throw err;
      // Over the limit: consume counted the refused points too; give them back.
      await this.counters[counter].reward(client, points);
      return false;
    }
  }

  async reward(counter: keyof GuestClientLimits, client: string, points: number) {
    await this.counters[counter].reward(client, points);
  }
}
