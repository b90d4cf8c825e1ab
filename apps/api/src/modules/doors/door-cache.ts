import { LRUCache } from 'lru-cache';
import type { DoorRow } from './repository.js';

/**
 * Doors as door opens need them (driver, settings, secrets, building), kept briefly in memory: the
 * database lookup was the most expensive step of a remote open. Kept correct like the session
 * cache (docs/decisions/003): a trigger announces every change to those columns and every deletion
 * (`d:<id>`, migration 0002), this process forgets a door it changes at once, and a load that raced
 * with a change is not stored. The status in a cached row may be old: opens do not read it.
 */
export class DoorCache {
  private readonly doors: LRUCache<string, DoorRow>;
  private epochCounter = 0;
  private readonly enabled: boolean;

  constructor(ttlMs: number, maxEntries = 10_000) {
    this.doors = new LRUCache({ max: maxEntries, ttl: Math.max(ttlMs, 1) });
    this.enabled = ttlMs > 0;
  }

  get epoch(): number {
    return this.epochCounter;
  }

  get(doorId: string): DoorRow | undefined {
    return this.doors.get(doorId);
  }

  set(door: DoorRow, epoch: number): void {
    if (this.enabled && epoch === this.epochCounter) this.doors.set(door.id, door);
  }

  forget(doorId: string): void {
    this.epochCounter++;
    this.doors.delete(doorId);
  }

  forgetAll(): void {
    this.epochCounter++;
    this.doors.clear();
  }
}
