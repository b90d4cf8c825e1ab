import { type DoorDriverName, driverSchemas } from '@gatehouse/core';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { AppError, type ErrorItem, notFound } from '../../http/errors.js';
import { decryptText, encryptText } from '../../lib/crypto.js';
import type { intercomView } from '../intercoms/service.js';
import { driverFor } from './drivers/index.js';
import { type DriverDoor, DriverError } from './drivers/types.js';
import { type DoorRow, findDoor, setDoorStatus } from './repository.js';

export async function requireDoor(ctx: AppContext, buildingId: string, doorId: string): Promise<DoorRow> {
  const door = await findDoor(ctx.db, buildingId, doorId);
  if (!door) throw notFound('Door');
  return door;
}

/** The same, through the door cache: for opens, which do not need the latest status. */
export async function requireDoorForOpen(
  ctx: AppContext,
  buildingId: string,
  doorId: string,
): Promise<DoorRow> {
  const cached = ctx.doorCache.get(doorId);
  if (cached?.buildingId === buildingId) return cached;
  const epoch = ctx.doorCache.epoch;
  const door = await requireDoor(ctx, buildingId, doorId);
  ctx.doorCache.set(door, epoch);
  return door;
}

/** Validation failures of a nested object, with the field named as the client sent it. */
function invalidNested(prefix: string, error: z.ZodError): AppError {
  const items: ErrorItem[] = error.issues.map((issue) => ({
    code: 'validation_failed',
    message: issue.message,
    field: [prefix, ...issue.path.map(String)].join('.'),
  }));
  return new AppError('validation_failed', items[0]?.message ?? 'Invalid', { items });
}

/**
 * Checks `driver_config` and `secrets` against the driver's own schemas (defaults applied) and seals
 * the secrets for storage. Secrets absent from the request keep their stored value.
 */
export function prepareDriverSettings(
  ctx: AppContext,
  driver: DoorDriverName,
  rawConfig: Record<string, unknown>,
  rawSecrets: Record<string, unknown> | undefined,
  storedSecrets: string | null,
) {
  const schemas = driverSchemas[driver];
  const config = schemas.config.safeParse(rawConfig);
  if (!config.success) throw invalidNested('driver_config', config.error);
  if (rawSecrets === undefined) return { driverConfig: config.data, secretsEncrypted: storedSecrets };
  const secrets = schemas.secrets.safeParse(rawSecrets);
  if (!secrets.success) throw invalidNested('secrets', secrets.error);
  const empty = Object.keys(secrets.data).length === 0;
  return {
    driverConfig: config.data,
    secretsEncrypted: empty ? null : encryptText(ctx.encryptionKey, JSON.stringify(secrets.data)),
  };
}

export function readSecrets(ctx: Pick<AppContext, 'encryptionKey'>, door: DoorRow): Record<string, unknown> {
  return door.secretsEncrypted ? JSON.parse(decryptText(ctx.encryptionKey, door.secretsEncrypted)) : {};
}

export function driverDoor(ctx: Pick<AppContext, 'encryptionKey'>, door: DoorRow): DriverDoor {
  return {
    id: door.id,
    driver: door.driver,
    config: door.driverConfig as Record<string, unknown>,
    secrets: readSecrets(ctx, door),
    lastStatus: door.status,
    lastStatusAt: door.statusChangedAt,
  };
}

export function doorView(
  door: DoorRow,
  extras: { intercom?: ReturnType<typeof intercomView> | null; secrets?: Record<string, unknown> } = {},
) {
  return {
    id: door.id,
    building_id: door.buildingId,
    name: door.name,
    is_entrance: door.isEntrance,
    driver: door.driver,
    driver_config: door.driverConfig as Record<string, unknown>,
    status: door.status,
    status_changed_at: door.statusChangedAt?.toISOString() ?? null,
    has_pincode: door.pincodeHash !== null,
    has_secrets: door.secretsEncrypted !== null,
    ...extras,
    inserted_at: door.insertedAt.toISOString(),
    updated_at: door.updatedAt.toISOString(),
  };
}

/** Records a status the door reported (or failed to report) and tells the live pages if it changed. */
async function recordStatus(ctx: AppContext, door: DoorRow, status: DoorRow['status']) {
  const changed = await setDoorStatus(ctx.db, door.id, status, new Date());
  if (changed) {
    await ctx.events.publish({
      type: 'door_status',
      building_id: door.buildingId,
      door_id: door.id,
      status,
      changed_at: changed.statusChangedAt!.toISOString(),
    });
  }
  return changed ?? door;
}

/** GET …/status: asks the driver; any driver failure is status "error" (spec 8), with the reason. */
export async function readDoorStatus(ctx: AppContext, door: DoorRow) {
  try {
    const reading = await driverFor(door.driver, ctx).status(driverDoor(ctx, door));
    const row = await recordStatus(ctx, door, reading.status);
    return {
      status: reading.status,
      changed_at: row.statusChangedAt?.toISOString() ?? null,
      ...(reading.detail ? { detail: reading.detail } : {}),
    };
  } catch (error) {
    if (!(error instanceof DriverError)) throw error;
    const row = await recordStatus(ctx, door, 'error');
    return {
      status: 'error' as const,
      changed_at: row.statusChangedAt?.toISOString() ?? null,
      detail: error.message,
    };
  }
}
