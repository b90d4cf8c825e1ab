import type { Call } from '@gatehouse/core';
import type { AppContext } from '../../app-context.js';
import { AppError, type ErrorItem } from '../../http/errors.js';
import type { Throttle } from '../auth/throttle.js';
import type { OpenActor } from '../doors/door-opener.js';
import type { DeviceAuth } from './auth.js';
import { type CallRecord, type CallReport, findCallUnitId, upsertCall } from './repository.js';

/** 5 wrong PIN codes per door in 10 minutes block further tries (decision 007). */
export const PINCODE_RULE = { points: 5, durationSeconds: 10 * 60 };

function deviceOf(device: DeviceAuth) {
  return { intercomId: device.intercom.id, doorId: device.door.id, buildingId: device.door.buildingId };
}

/** The reply shape (`callSchema`): calls reported by a device have no user. */
export function callView(call: CallRecord): Call {
  const named = (id: string | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });
  return {
    id: call.id,
    started_at: call.startedAt.toISOString(),
    answered_at: call.answeredAt?.toISOString() ?? null,
    ended_at: call.endedAt?.toISOString() ?? null,
    status: call.status,
    duration_seconds: call.durationSeconds,
    door_opened: call.doorOpened,
    door: named(call.doorId, call.doorName),
    intercom: named(call.intercomId, call.intercomName),
    unit: named(call.unitId, call.unitName),
    user: null,
  };
}

/**
 * The code dialled, as `units.intercom_code` holds it: a SIP address (`sip:101@10.0.0.2`,
 * `"Flat" <sip:101@host>`) becomes its user part (`101`).
 */
export function dialledCode(value: string | null | undefined): string | null {
  if (!value) return null;
  let code = value.trim();
  const bracketed = code.match(/<([^>]*)>/);
  if (bracketed) code = bracketed[1]!;
  code = code.replace(/^(sips?|tel):/i, '');
  const at = code.indexOf('@');
  if (at >= 0) code = code.slice(0, at);
  code = code.split(';')[0]!.trim();
  return code === '' ? null : code;
}

/** Checks that a report's instants are in order (each report on its own; reports are merged later). */
export function assertReportInOrder(report: CallReport) {
  const items: ErrorItem[] = [];
  const start = report.startedAt.getTime();
  if (report.answeredAt && report.answeredAt.getTime() < start) {
    items.push({
      code: 'validation_failed',
      message: 'A call is not answered before it starts',
      field: 'answered_at',
    });
  }
  if (report.endedAt && report.endedAt.getTime() < (report.answeredAt ?? report.startedAt).getTime()) {
    items.push({
      code: 'validation_failed',
      message: report.answeredAt
        ? 'A call does not end before it is answered'
        : 'A call does not end before it starts',
      field: 'ended_at',
    });
  }
  if (items.length > 0) throw new AppError('validation_failed', items[0]!.message, { items });
}

/**
 * Records what a device reports about a call (one statement; see upsertCall) and, when the call
 * changed, tells the live pages (`call` event, for those who may read calls).
 */
export async function reportCall(
  ctx: AppContext,
  device: DeviceAuth,
  report: CallReport,
): Promise<CallRecord> {
  const { call, changed } = await upsertCall(ctx.db, deviceOf(device), {
    ...report,
    called: dialledCode(report.called),
  });
  if (changed) {
    await ctx.events.publish({
      type: 'call',
      building_id: call.buildingId,
      call_id: call.id,
      door_id: call.doorId,
      status: call.status,
      started_at: call.startedAt.toISOString(),
    });
  }
  return call;
}

/**
 * `POST /devices/door/open`: the intercom opens its own door through its driver (method `intercom`).
 * During a call, the door log row names the call's unit and the call is marked `door_opened` (the
 * call is created if its first report has not arrived yet; later reports complete it).
 */
export async function openFromDevice(ctx: AppContext, device: DeviceAuth, callExternalId?: string) {
  const unitId = callExternalId ? await findCallUnitId(ctx.db, device.intercom.id, callExternalId) : null;
  const result = await ctx.doorOpener.open(device.door, {
    type: 'device',
    intercomId: device.intercom.id,
    method: 'intercom',
    unitId,
  });
  if (callExternalId) {
    await reportCall(ctx, device, { externalId: callExternalId, startedAt: new Date(), doorOpened: true });
  }
  return result;
}

const wrongPincode = () =>
  new AppError('forbidden', 'The PIN code is wrong', {
    items: [{ code: 'wrong_pincode', message: 'The PIN code is wrong' }],
  });

/**
 * `POST /devices/pincode`: a PIN typed on the keypad opens the door when it matches the door's PIN
 * (argon2 hash). A wrong PIN, or a door without one, is a refused door log row and 403; after 5 wrong
 * PINs in 10 minutes the door takes no PIN at all (429, also logged) until the window has passed.
 */
export async function openWithPincode(
  ctx: AppContext,
  device: DeviceAuth,
  pincode: string,
  throttle: Throttle,
) {
  const { door } = device;
  const actor: OpenActor = { type: 'device', intercomId: device.intercom.id, method: 'pincode' };
  try {
    await throttle.assertAllowed(door.id, 'Too many wrong PIN codes; try again later');
  } catch (error) {
    await ctx.doorOpener.refuse(door, actor, 'too_many_attempts');
    throw error;
  }
  // A door without a PIN costs the same time as a wrong PIN: the reply tells nothing more.
  const matches = await ctx.passwords.verify(door.pincodeHash, pincode);
  if (!matches) {
    await throttle.hit(door.id);
    await ctx.doorOpener.refuse(door, actor, door.pincodeHash ? 'wrong_pincode' : 'no_pincode');
    throw wrongPincode();
  }
  return ctx.doorOpener.open(door, actor);
}
