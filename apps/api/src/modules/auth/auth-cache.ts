import type { RoleData } from '@gatehouse/core';
import { LRUCache } from 'lru-cache';
import type { OAuth2Grant } from '../oauth2/grant.js';
import type { SessionRow } from '../sessions/repository.js';
import type { UserRow } from '../users/repository.js';

export interface CachedAuth {
  session: SessionRow;
  user: UserRow;
  roleData?: RoleData;
  /** Set for a third-party app's grant, cached under the grant's id (decision 008). */
  oauth2?: OAuth2Grant;
}

/**
 * Sessions, their users and role data, kept briefly in memory so an authenticated call needs no
 * database round trip. Correctness comes from invalidation, not from the TTL:
 * - this process forgets entries itself right after it changes a user or a session;
 * - database triggers announce every change to users, sessions, memberships, managers and units
 *   on the `gatehouse_auth` channel, which every process listens to (see migration 0001);
 * - if the listening connection drops, everything is forgotten.
 * A load that raced with an invalidation is not stored (the epoch check), so a revoked session
 * cannot come back from a read that started before the revocation. The TTL only bounds how long a
 * missed notification could matter.
 */
export class AuthCache {
  private readonly entries: LRUCache<string, CachedAuth>;
  private readonly sessionsByUser = new Map<string, Set<string>>();
  private epochCounter = 0;
  private readonly enabled: boolean;

  constructor(ttlMs: number, maxEntries = 50_000) {
    this.entries = new LRUCache<string, CachedAuth>({
      max: maxEntries,
      ttl: Math.max(ttlMs, 1),
      disposeAfter: (value, sessionId) => {
        const sessions = this.sessionsByUser.get(value.user.id);
        sessions?.delete(sessionId);
        if (sessions?.size === 0) this.sessionsByUser.delete(value.user.id);
      },
    });
    this.enabled = ttlMs > 0;
  }

  /** Take this before reading from the database; pass it back when storing the result. */
  get epoch(): number {
    return this.epochCounter;
  }

  get(sessionId: string): CachedAuth | undefined {
    const entry = this.entries.get(sessionId);
    if (entry && entry.session.expiresAt.getTime() <= Date.now()) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return entry;
  }

  set(sessionId: string, value: CachedAuth, epoch: number): void {
    if (!this.enabled || epoch !== this.epochCounter) return;
    this.entries.set(sessionId, value);
    const sessions = this.sessionsByUser.get(value.user.id) ?? new Set<string>();
    sessions.add(sessionId);
    this.sessionsByUser.set(value.user.id, sessions);
  }

  forgetSession(sessionId: string): void {
    this.epochCounter++;
    this.entries.delete(sessionId);
  }

  forgetUser(userId: string): void {
    this.epochCounter++;
    for (const sessionId of [...(this.sessionsByUser.get(userId) ?? [])]) this.entries.delete(sessionId);
  }

  /** A building's units changed: its managers' unit lists are stale. Rare, so a scan is fine. */
  forgetBuilding(buildingId: string): void {
    this.epochCounter++;
    for (const [sessionId, entry] of this.entries.entries()) {
      const roles = entry.roleData;
      if (
        !roles ||
        roles.bManagerOfBuilding.includes(buildingId) ||
        roles.uMemberOfBuilding.includes(buildingId)
      ) {
        this.entries.delete(sessionId);
      }
    }
  }

  forgetAll(): void {
    this.epochCounter++;
    this.entries.clear();
  }

  /**
   * Applies a `gatehouse_auth` notification: `u:<user>`, `s:<session>`, `a:<OAuth2 grant>` (cached
   * like a session, under its own id) or `b:<building>`.
   */
  applyNotification(payload: string): void {
    const [kind, id] = [payload.slice(0, 1), payload.slice(2)];
    if (kind === 'u') this.forgetUser(id);
    else if (kind === 's' || kind === 'a') this.forgetSession(id);
    else if (kind === 'b') this.forgetBuilding(id);
    else this.forgetAll();
  }
}
