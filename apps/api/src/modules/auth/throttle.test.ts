import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.js';
import { Throttle } from './throttle.js';

async function connectRedis(): Promise<Redis | undefined> {
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    await redis.ping();
    return redis;
  } catch {
    redis.disconnect();
    return undefined;
  }
}

let redis: Redis | undefined;
beforeAll(async () => {
  redis = await connectRedis();
});
afterAll(() => redis?.disconnect());

const stores = [
  ['memory', () => undefined],
  ['Redis', () => redis],
] as const;

describe.each(stores)('Throttle (%s store)', (name, store) => {
  it('refuses once the failures reach the limit, with Retry-After, until reset', async (context) => {
    if (name === 'Redis' && !redis) context.skip('no Redis at REDIS_URL or 127.0.0.1:6379');
    const throttle = new Throttle(
      `test-${name}-${process.pid}-${Date.now()}`,
      { points: 2, durationSeconds: 60 },
      store(),
    );
    const key = 'someone@example.com';
    await throttle.assertAllowed(key, 'slow down');
    await throttle.hit(key);
    await throttle.assertAllowed(key, 'slow down');
    await throttle.hit(key);

    const refusal = await throttle.assertAllowed(key, 'slow down').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).code).toBe('rate_limited');
    expect(Number((refusal as AppError).headers['retry-after'])).toBeGreaterThan(0);
    // Another key has its own budget.
    await throttle.assertAllowed('someone-else@example.com', 'slow down');

    await throttle.reset(key);
    await throttle.assertAllowed(key, 'slow down');
  });
});
