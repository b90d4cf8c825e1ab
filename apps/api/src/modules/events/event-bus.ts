import { EventEmitter } from 'node:events';
import type { BuildingEvent } from '@gatehouse/core';
import { type SQL, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { DatabaseHandle } from '../../db/client.js';

const channel = 'gatehouse_events';

/**
 * Building events (door status changes, door opens) for every server process: each process
 * publishes what it changed, and every process hands every event to its own subscribers (the
 * browsers' event streams). PostgreSQL NOTIFY carries them by default (PGlite included); Redis
 * pub/sub when `REDIS_URL` is set. Publish after the change is committed.
 */
export interface EventBus {
  /** Publishes one or more events in one round trip. */
  publish(...events: BuildingEvent[]): Promise<void>;
  /**
   * For the database bus only: the SQL that publishes these events from inside a statement the
   * caller runs anyway (delivered when it commits), saving a round trip. Undefined for Redis: the
   * caller then publishes after the write.
   */
  inlineNotify?(events: BuildingEvent[]): SQL;
  subscribe(listener: (event: BuildingEvent) => void): () => void;
  close(): Promise<void>;
}

class LocalFanOut {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  deliver(raw: string) {
    let event: BuildingEvent;
    try {
      event = JSON.parse(raw);
    } catch {
      return;
    }
    this.emitter.emit('event', event);
  }

  subscribe(listener: (event: BuildingEvent) => void) {
    this.emitter.on('event', listener);
    return () => {
      this.emitter.off('event', listener);
    };
  }
}

export async function createDatabaseEventBus(database: DatabaseHandle): Promise<EventBus> {
  const fanOut = new LocalFanOut();
  const stop = await database.listen(channel, (payload) => fanOut.deliver(payload));
  return {
    publish: async (...events) => {
      await database.notify(
        channel,
        events.map((event) => JSON.stringify(event)),
      );
    },
    subscribe: (listener) => fanOut.subscribe(listener),
    inlineNotify: (events) =>
      sql.join(
        events.map((event) => sql`pg_notify(${channel}, ${JSON.stringify(event)})`),
        sql`, `,
      ),
    close: stop,
  };
}

export async function createRedisEventBus(redis: Redis): Promise<EventBus> {
  const fanOut = new LocalFanOut();
  // A connection in subscriber mode can do nothing else, so it gets its own.
  const subscriber = redis.duplicate();
  subscriber.on('error', () => {});
  subscriber.on('message', (_channel: string, message: string) => fanOut.deliver(message));
  await subscriber.subscribe(channel);
  return {
    publish: async (...events) => {
      const pipeline = redis.pipeline();
      for (const event of events) pipeline.publish(channel, JSON.stringify(event));
      await pipeline.exec();
    },
    subscribe: (listener) => fanOut.subscribe(listener),
    close: async () => {
      subscriber.disconnect();
    },
  };
}
