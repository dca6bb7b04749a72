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
      expect(await limiter.check('a@gmail.com', `ip-${i}`)).toEqual({ blocked: false });
      await limiter.recordFailure('a@gmail.com', `ip-${i}`);
    }
    const gate = await limiter.check('a@gmail.com', 'ip-9');
    expect(gate.blocked).toBe(true);
    expect(gate.blocked && gate.retryAfterSeconds).toBeGreaterThan(0);
    expect(gate.blocked && gate.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('forgets the account failures after a success', async () => {
    const limiter = new LoginLimiter(limits, null);
    await limiter.recordFailure('b@gmail.com', 'ip');
    await limiter.recordFailure('b@gmail.com', 'ip');
    await limiter.recordSuccess('b@gmail.com');
    await limiter.recordFailure('b@gmail.com', 'ip');
    await limiter.recordFailure('b@gmail.com', 'ip');
    expect(await limiter.check('b@gmail.com', 'otra-ip')).toEqual({ blocked: false });
  });
});

describe.skipIf(!redisUrl)('LoginLimiter on Redis', () => {
  const clients: Redis[] = [];
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.quit()));
  });
  const instance = () => {
    const redis = new Redis(redisUrl!);
    clients.push(redis);
    return new LoginLimiter(limits, redis, `test-${process.pid}`);
  };

  it('shares the counters between server instances', async () => {
    const account = `${randomUUID()}@gmail.com`;
    const [one, two] = [instance(), instance()];
    await one.recordFailure(account, 'ip-a');
    await two.recordFailure(account, 'ip-b');
    expect(await one.check(account, 'ip-c')).toEqual({ blocked: false });
    await one.recordFailure(account, 'ip-a');
    expect((await two.check(account, 'ip-d')).blocked).toBe(true);
    await two.recordSuccess(account);
    expect(await one.check(account, 'ip-d')).toEqual({ blocked: false });
  });
});
