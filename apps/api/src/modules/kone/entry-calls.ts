import type { ElevatorCall, KoneArea } from '@gatehouse/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { OpenActor } from '../doors/door-opener.js';
import type { DoorRow } from '../doors/repository.js';
import { type KoneClient, koneError, koneFailureOf } from './client.js';
import { findEntryCallSettings, recordElevatorCall } from './repository.js';
import { areaNumber, areasOf, lobbyOf, terminalOf } from './service.js';

/** KONE's action id of a destination call (from the lobby to the person's floor). */
export const DESTINATION_CALL_ACTION = 2;
/** Lift group of entry calls: KONE numbers groups from 1, and a residential lobby is served by one. */
const GROUP_ID = '1';
/** How long a building's lobby and terminal are reused before the config is asked again. */
const LOBBY_TTL_MS = 10 * 60_000;

export interface OpenedDoor {
  door: DoorRow;
  actor: OpenActor;
  doorLogId: string;
}

interface Lobby {
  area: KoneArea;
  terminal: number;
  expiresAt: number;
}

/**
 * Calls the elevator when someone comes in (beyond the spec, decision 008): after a successful open
 * of an entrance door by a member, visitor or app acting for a member, in a building that asks for
 * it, to the floor of the person's unit. Runs after the open is recorded and answered, so it never
 * delays or fails the door; the outcome is written onto the door log row.
 */
export class EntryCallService {
  private readonly pending = new Set<Promise<void>>();
  private readonly lobbies = new Map<string, Lobby>();

  constructor(
    private readonly db: Database,
    private readonly kone: KoneClient,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The door opener's after-open listener: starts the call in the background. */
  readonly onOpened = (opened: OpenedDoor): void => {
    const unitId = this.unitOf(opened);
    if (!opened.door.isEntrance || !unitId) return;
    const work = this.callFor(opened, unitId).catch((error: unknown) =>
      this.log.warn({ err: error, doorLogId: opened.doorLogId }, 'elevator call on entry failed to record'),
    );
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  };

  /** People coming in: members (through their unit's schedule), visitors, and apps acting for members. */
  private unitOf({ actor }: OpenedDoor): string | null {
    if (actor.type === 'visitor') return actor.unitId;
    if (actor.type === 'user' || actor.type === 'api_client') return actor.unitId ?? null;
    return null;
  }

  private async callFor({ door, doorLogId }: OpenedDoor, unitId: string) {
    const settings = await findEntryCallSettings(this.db, door.buildingId, unitId);
    if (!settings?.elevatorCallOnEntry || !settings.koneBuildingId || !settings.koneAreaId) return;
    const koneBuildingId = settings.koneBuildingId.replace(/^building:/, '');
    const destination = settings.koneAreaId;
    let record: ElevatorCall;
    let source: string | null = null;
    try {
      const lobby = await this.lobbyOf(koneBuildingId);
      source = lobby.area.id;
      // Someone who lives on the lobby floor needs no elevator.
      if (source === destination) return;
      const destinationArea = areaNumber(destination);
      const sourceArea = areaNumber(source);
      if (destinationArea === undefined || sourceArea === undefined) {
        throw koneError(
          'kone_refused',
          `Area ${destinationArea === undefined ? destination : source} is not a KONE area id`,
        );
      }
      await this.kone.callElevator({
        buildingId: koneBuildingId,
        groupId: GROUP_ID,
        sourceArea,
        destinationArea,
        terminal: lobby.terminal,
        action: DESTINATION_CALL_ACTION,
      });
      record = {
        source_area: source,
        destination_area: destination,
        result: 'called',
        at: new Date().toISOString(),
      };
    } catch (error) {
      record = {
        source_area: source,
        destination_area: destination,
        result: 'failed',
        reason: koneFailureOf(error),
        at: new Date().toISOString(),
      };
    }
    await recordElevatorCall(this.db, doorLogId, record);
  }

  /** The building's lobby area and terminal, from its KONE config (cached for a while). */
  private async lobbyOf(koneBuildingId: string): Promise<Lobby> {
    const cached = this.lobbies.get(koneBuildingId);
    if (cached && cached.expiresAt > Date.now()) return cached;
    const config = await this.kone.buildingConfig(koneBuildingId, GROUP_ID);
    const area = lobbyOf(areasOf(config));
    if (!area) throw koneError('kone_refused', 'The KONE building config lists no floors');
    const lobby = { area, terminal: terminalOf(config), expiresAt: Date.now() + LOBBY_TTL_MS };
    this.lobbies.set(koneBuildingId, lobby);
    return lobby;
  }

  /** Resolves once the calls under way are done and recorded (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
