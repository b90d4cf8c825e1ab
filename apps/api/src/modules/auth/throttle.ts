import type { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { AppError } from '../../http/errors.js';

export interface ThrottleRule {
  points: number;
  durationSeconds: number;
}

/**
 * Counts failures per key (an account, an IP) in a fixed window and refuses further attempts
 * once the budget is spent. Memory by default; Redis when `REDIS_URL` is set, so every process
 * shares the counts.
 */
export class Throttle {
  private readonly limiter: RateLimiterAbstract;

  constructor(
    name: string,
    private readonly rule: ThrottleRule,
    redis?: Redis,
  ) {
    const options = { keyPrefix: `gatehouse:${name}`, points: rule.points, duration: rule.durationSeconds };
    this.limiter = redis
      ? new RateLimiterRedis({ ...options, storeClient: redis })
      : new RateLimiterMemory(options);
  }

  /** Throws 429 when the key has no attempts left. Does not count an attempt. */
  async assertAllowed(key: string, message: string): Promise<void> {
    const state = await this.limiter.get(key);
    if (state && state.consumedPoints >= this.rule.points) throw rateLimited(state, message);
  }

  /** Counts one attempt (a failure). */
  async hit(key: string): Promise<void> {
    await this.limiter.penalty(key, 1);
  }

  /** Counts one attempt and throws 429 when the budget was already spent. */
  async consume(key: string, message: string): Promise<void> {
    try {
      await this.limiter.consume(key, 1);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw rateLimited(error, message);
      throw error;
    }
  }

  async reset(key: string): Promise<void> {
    await this.limiter.delete(key);
  }
}

function rateLimited(state: RateLimiterRes, message: string): AppError {
  const retryAfter = Math.max(1, Math.ceil(state.msBeforeNext / 1000));
  return new AppError('rate_limited', message, { headers: { 'retry-after': String(retryAfter) } });
}
