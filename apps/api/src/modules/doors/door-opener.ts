import type { BuildingEvent } from '@gatehouse/core';
import type { AppContext } from '../../app-context.js';
import { newId } from '../../db/ids.js';
import { AppError } from '../../http/errors.js';
import { Batcher } from '../../lib/batcher.js';
import { driverFor } from './drivers/index.js';
import { DriverError } from './drivers/types.js';
import { type DoorRow, type OpenAttempt, recordOpenAttempts, relockDoor } from './repository.js';
import { driverDoor } from './service.js';

/**
 * Who opens: a signed-in user (from the dashboard or the Gatehouse App), a third-party app acting
 * for a user with an OAuth2 token, a visitor's link, or an intercom device (its door during a call,
 * or a PIN typed on its keypad).
 */
export type OpenActor =
  | { type: 'user'; userId: string; method: 'dashboard' | 'webapp'; unitId?: string | null }
  | { type: 'api_client'; userId: string; oauth2ClientId: string; unitId?: string | null }
  | { type: 'visitor'; visitorId: string; unitId: string }
  | { type: 'device'; intercomId: string; method: 'intercom' | 'pincode'; unitId?: string | null };

function actorColumns(actor: OpenActor) {
  switch (actor.type) {
    case 'user':
      return {
        actorType: 'user' as const,
        userId: actor.userId,
        visitorId: null,
        intercomId: null,
        unitId: actor.unitId ?? null,
        method: actor.method,
      };
    case 'api_client':
      return {
        actorType: 'api_client' as const,
        userId: actor.userId,
        visitorId: null,
        intercomId: null,
        unitId: actor.unitId ?? null,
        method: 'api' as const,
        oauth2ClientId: actor.oauth2ClientId,
      };
    case 'visitor':
      return {
        actorType: 'visitor' as const,
        userId: null,
        visitorId: actor.visitorId,
        intercomId: null,
        unitId: actor.unitId,
        method: 'visitor_link' as const,
      };
    case 'device':
      return {
        actorType: 'device' as const,
        userId: null,
        visitorId: null,
        intercomId: actor.intercomId,
        unitId: actor.unitId ?? null,
        method: actor.method,
      };
  }
}

interface Outcome {
  result: 'opened' | 'failed' | 'refused';
  status: DoorRow['status'];
  reason: string | null;
  relockAfterMs?: number;
  at: Date;
}

interface PendingRecord {
  attempt: OpenAttempt;
  events: BuildingEvent[];
}

/** Told of every successful remote open once it is recorded (elevator calls on entry, decision 008). */
export type OpenedListener = (opened: { door: DoorRow; actor: OpenActor; doorLogId: string }) => void;

/**
 * Opens doors: the driver first, then the door log row and the door's new status are written
 * together, and the live pages hear about both. Concurrent opens share one statement (see Batcher),
 * which keeps a door open fast at hundreds of requests at once. When the driver says how long the
 * door stays unlocked, this process locks it again at that time (a status read derives the same
 * from the clock, so a restart in between loses nothing).
 */
export class DoorOpener {
  private readonly records: Batcher<PendingRecord>;
  private readonly relockTimers = new Set<NodeJS.Timeout>();
  private readonly openedListeners: OpenedListener[] = [];

  constructor(private readonly ctx: Pick<AppContext, 'db' | 'events' | 'encryptionKey' | 'saltoks'>) {
    this.records = new Batcher((batch) => this.writeRecords(batch));
  }

  private async writeRecords(batch: PendingRecord[]) {
    const events = batch.flatMap((record) => record.events);
    const inline = this.ctx.events.inlineNotify?.(events);
    await recordOpenAttempts(
      this.ctx.db,
      batch.map((record) => record.attempt),
      inline,
    );
    if (!inline) await this.ctx.events.publish(...events);
  }

  /** A driver failure is logged as a failed attempt and answered 502. */
  async open(door: DoorRow, actor: OpenActor) {
    let outcome: Outcome;
    try {
      const opened = await driverFor(door.driver, this.ctx).open(driverDoor(this.ctx, door));
      outcome = {
        result: 'opened',
        status: opened.status,
        reason: null,
        relockAfterMs: opened.relockAfterMs,
        at: new Date(),
      };
    } catch (error) {
      if (!(error instanceof DriverError)) throw error;
      outcome = {
        result: 'failed',
        status: 'error',
        reason: `${error.kind}: ${error.message}`,
        at: new Date(),
      };
    }

    const logId = await this.record(door, actor, outcome);
    if (outcome.relockAfterMs !== undefined) this.scheduleRelock(door, outcome.at, outcome.relockAfterMs);
    if (outcome.result === 'failed') {
      throw new AppError('bad_gateway', 'The door did not respond; the attempt was logged', {
        items: [{ code: 'door_failed', message: outcome.reason ?? 'The door did not respond' }],
      });
    }
    for (const listener of this.openedListeners) {
      try {
        listener({ door, actor, doorLogId: logId });
      } catch {
        // A listener's trouble is its own: the door is open and answered as such.
      }
    }
    return { result: outcome.result, status: outcome.status, door_log_id: logId, reason: outcome.reason };
  }

  /** Adds a listener for successful opens; it must not block (start background work and return). */
  onOpened(listener: OpenedListener) {
    this.openedListeners.push(listener);
  }

  /**
   * Records a refused attempt (for example outside the entry schedule): a door log row, and the
   * door's status unchanged. Returns the log row's id.
   */
  async refuse(door: DoorRow, actor: OpenActor, reason: string): Promise<string> {
    return this.record(door, actor, { result: 'refused', status: door.status, reason, at: new Date() });
  }

  /**
   * Records an opening that already happened on the device (an intercom reported that it pulsed its
   * relay): the door log row and status `unlocked`, announced like any open, without asking the
   * driver again. The door locks again after the driver's `unlock_seconds`, when it has one.
   */
  async recordDeviceOpening(door: DoorRow, actor: OpenActor, at: Date = new Date()): Promise<string> {
    const logId = await this.record(door, actor, { result: 'opened', status: 'unlocked', reason: null, at });
    const unlockSeconds = (door.driverConfig as { unlock_seconds?: unknown } | null)?.unlock_seconds;
    if (typeof unlockSeconds === 'number' && unlockSeconds > 0) {
      const afterMs = Math.max(0, at.getTime() + unlockSeconds * 1000 - Date.now());
      this.scheduleRelock(door, at, afterMs);
    }
    return logId;
  }

  /** Writes the door log row and status (batched) and announces both. */
  private async record(door: DoorRow, actor: OpenActor, outcome: Outcome): Promise<string> {
    const logId = newId();
    const who = actorColumns(actor);
    const common = { building_id: door.buildingId, door_id: door.id };
    await this.records.add({
      attempt: {
        logId,
        doorId: door.id,
        buildingId: door.buildingId,
        at: outcome.at,
        ...who,
        result: outcome.result,
        reason: outcome.reason,
        status: outcome.status,
      },
      events: [
        {
          type: 'door_opened',
          ...common,
          door_log_id: logId,
          result: outcome.result,
          method: who.method,
          user_id: who.userId,
          visitor_id: who.visitorId,
          occurred_at: outcome.at.toISOString(),
        },
        { type: 'door_status', ...common, status: outcome.status, changed_at: outcome.at.toISOString() },
      ],
    });
    return logId;
  }

  /** Locks the door again unless something changed it since this open (relockDoor checks the time). */
  private scheduleRelock(door: DoorRow, unlockedAt: Date, afterMs: number) {
    const timer = setTimeout(() => {
      this.relockTimers.delete(timer);
      void this.relock(door, unlockedAt).catch(() => {});
    }, afterMs);
    timer.unref();
    this.relockTimers.add(timer);
  }

  private async relock(door: DoorRow, unlockedAt: Date) {
    const locked = await relockDoor(this.ctx.db, door.id, unlockedAt);
    if (!locked) return;
    await this.ctx.events.publish({
      type: 'door_status',
      building_id: door.buildingId,
      door_id: door.id,
      status: 'locked',
      changed_at: locked.statusChangedAt!.toISOString(),
    });
  }

  /** Waits for pending records and drops the relock timers (the server is stopping). */
  async stop() {
    await this.records.idle();
    for (const timer of this.relockTimers) clearTimeout(timer);
    this.relockTimers.clear();
  }
}
