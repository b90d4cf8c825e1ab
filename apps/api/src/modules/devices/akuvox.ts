import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { DeviceAuth } from './auth.js';
import { type CallReport, findRecentCall } from './repository.js';
import { dialledCode, reportCall } from './service.js';

/*
 * Akuvox intercoms call an "Action URL" (a plain GET, no headers) on call events. Configure one per
 * event, e.g. for incoming calls
 *   https://gatehouse.example/api/v4/devices/akuvox/event?token=<device token>&event=incoming&remote=$remote
 * (`established`, `terminated`, `missed` likewise; add `call_id=` and `time=` where the firmware has them).
 */

export const AKUVOX_EVENTS = ['incoming', 'established', 'terminated', 'missed'] as const;

export const akuvoxEventQuerySchema = z.object({
  /** Read (and checked) by the device authentication hook; listed for the reference only. */
  token: z.string().optional(),
  event: z.enum(AKUVOX_EVENTS),
  call_id: z.string().trim().min(1).max(200).optional(),
  /** The other party: the number or SIP address dialled (`sip:101@…` counts as `101`). */
  remote: z.string().trim().max(300).optional(),
  /** When it happened: Unix seconds or ISO 8601 with offset; anything else (or nothing) is now. */
  time: z.string().trim().max(64).optional(),
});

export type AkuvoxEventQuery = z.infer<typeof akuvoxEventQuerySchema>;

function eventTime(value: string | undefined): Date {
  if (value && /^\d{9,11}(\.\d+)?$/.test(value)) return new Date(Number(value) * 1000);
  if (value && z.iso.datetime({ offset: true }).safeParse(value).success) return new Date(value);
  return new Date();
}

/** `202611221837`: the minute a call without a device id started, part of its external id. */
function minuteOf(at: Date): string {
  return at.toISOString().slice(0, 16).replace(/\D/g, '');
}

/**
 * Maps an Akuvox event to a call report: incoming starts the call (ringing), established answers
 * it, terminated ends it, missed ends it unanswered (it stays answered if it was). With `call_id`,
 * the call is `akuvox-call-{call_id}`. Without, an incoming call is `akuvox-{remote}-{minute}`, and
 * a later event belongs to the latest call from the same remote that has not ended (else it starts
 * a call of its own, so no event is lost).
 */
export async function applyAkuvoxEvent(ctx: AppContext, device: DeviceAuth, query: AkuvoxEventQuery) {
  const at = eventTime(query.time);
  const remote = dialledCode(query.remote) ?? 'unknown';
  let externalId: string;
  if (query.call_id) {
    externalId = `akuvox-call-${query.call_id}`;
  } else {
    const prefix = `akuvox-${remote}-`;
    const known =
      query.event === 'incoming'
        ? undefined
        : await findRecentCall(
            ctx.db,
            { intercomId: device.intercom.id, doorId: device.door.id },
            prefix,
            at,
            query.event !== 'established',
          );
    externalId = known ?? `${prefix}${minuteOf(at)}`;
  }
  const report: CallReport = { externalId, startedAt: at, called: remote === 'unknown' ? null : remote };
  if (query.event === 'established') report.answeredAt = at;
  if (query.event === 'terminated' || query.event === 'missed') report.endedAt = at;
  return reportCall(ctx, device, report);
}
