import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { LoginLimiter } from './login-limiter';

const limits = { perAccount: 3, perClient: 5, windowSeconds: 60 };
const redisUrl = process.env.TEST_REDIS_URL;

describe('LoginLimiter in memory', () => {
  it('blocks the fourth attempt after three failures and says how long to wait', async () => {
    const limiter = new LoginLimiter(limits, null);
    for (let i = 0; i < 3; i++) {
      expect(await limiter.consume('a@gmail.com', `ip-${i}`)).toEqual({ blocked: false });
    }
    const gate = await limiter.consume('a@gmail.com', 'ip-9');
    expect(gate.blocked).toBe(true);
    expect(gate.blocked && gate.retryAfterSeconds).toBeGreaterThan(0);
    expect(gate.blocked && gate.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('forgets the account failures after a success', async () => {
    const limiter = new LoginLimiter(limits, null);
    await limiter.consume('b@gmail.com', 'ip');
    await limiter.consume('b@gmail.com', 'ip');
    await limiter.recordSuccess('b@gmail.com');
    await limiter.consume('b@gmail.com', 'ip');
    await limiter.consume('b@gmail.com', 'ip');
    expect(await limiter.consume('b@gmail.com', 'otra-ip')).toEqual({ blocked: false });
  });

  it('counts parallel attempts before any answer, so no more than the limit get through', async () => {
    const limiter = new LoginLimiter(limits, null);
    const gates = await Promise.all(
      Array.from({ length: 20 }, (_, i) => limiter.consume('d@gmail.com', `ip-${i}`)),
    );
    expect(gates.filter((g) => !g.blocked)).toHaveLength(limits.perAccount);
  });

  it('gives the point back when the password was right, to the account and the client', async () => {
    const limiter = new LoginLimiter(limits, null);
    for (let i = 0; i < 10; i++) {
      expect(await limiter.consume('e@gmail.com', 'ip-e')).toEqual({ blocked: false });
      await limiter.refund('e@gmail.com', 'ip-e');
    }
  });

  it('a blocked attempt does not spend the other counter', async () => {
    const limiter = new LoginLimiter(limits, null);
    for (let i = 0; i < 3; i++) await limiter.consume('f@gmail.com', `ip-f${i}`);
    // The account is spent; the client tries it again and again without using up its own count.
    for (let i = 0; i < 10; i++) {
      expect((await limiter.consume('f@gmail.com', 'ip-g')).blocked).toBe(true);
    }
    expect(await limiter.consume('otra@gmail.com', 'ip-g')).toEqual({ blocked: false });
  });

  it('counts an IPv6 client by its /64, so a fresh address in the same block is the same client', async () => {
    const limiter = new LoginLimiter(limits, null);
    for (let i = 1; i <= limits.perClient; i++) {
      const gate = await limiter.consume(`v6-${i}@gmail.com`, `2001:db8:1:2::${i.toString(16)}`);
      expect(gate).toEqual({ blocked: false });
    }
    expect((await limiter.consume('v6-x@gmail.com', '2001:db8:1:2:ffff::9')).blocked).toBe(true);
    expect(await limiter.consume('v6-y@gmail.com', '2001:db8:1:3::1')).toEqual({ blocked: false });
  });
});

describe.skipIf(!redisUrl)('LoginLimiter on Redis', () => {
  const clients: Redis[] = [];
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.quit()));
  });
  // Connected first: until Redis is ready the counters count in this process's memory.
  const instance = async () => {
    const redis = new Redis(redisUrl!);
    clients.push(redis);
    await redis.ping();
    return new LoginLimiter(limits, redis, `test-${process.pid}`);
  };

  it('shares the counters between server instances', async () => {
    const account = `${randomUUID()}@gmail.com`;
    const [one, two] = [await instance(), await instance()];
    await one.consume(account, 'ip-a');
    await two.consume(account, 'ip-b');
    expect(await one.consume(account, 'ip-c')).toEqual({ blocked: false });
    expect((await two.consume(account, 'ip-d')).blocked).toBe(true);
    await two.recordSuccess(account);
    expect(await one.consume(account, 'ip-d')).toEqual({ blocked: false });
  });
});

describe('LoginLimiter with Redis down', () => {
  it('keeps counting in memory instead of failing', async () => {
    // Nothing listens on port 1; the client gives up at once and reconnects in the background.
    const redis = new Redis('redis://127.0.0.1:1', {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      retryStrategy: () => 1_000,
    });
    redis.on('error', () => {});
    try {
      const limiter = new LoginLimiter(limits, redis, `test-${process.pid}`);
      for (let i = 0; i < 3; i++) {
        expect(await limiter.consume('c@gmail.com', `ip-${i}`)).toEqual({ blocked: false });
      }
      expect((await limiter.consume('c@gmail.com', 'ip-9')).blocked).toBe(true);
      await limiter.recordSuccess('c@gmail.com');
      expect(await limiter.consume('c@gmail.com', 'ip-9')).toEqual({ blocked: false });
    } finally {
      redis.disconnect();
    }
  });
});
