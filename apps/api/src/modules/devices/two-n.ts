import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { DeviceAuth } from './auth.js';
import { claimDeviceEvent, releaseDeviceEvent } from './repository.js';
import { dialledCode, reportCall } from './service.js';

/*
 * 2N IP intercoms report what happens through their log API: a client subscribes
 * (`/api/log/subscribe`) and pulls (`/api/log/pull`), and forwards the pull's reply as it is to
 * `POST /devices/2n/events`. Two events matter here:
 *
 * - `CallStateChanged` {direction, state: ringing | connected | terminated, peer, session, call, reason?}
 *   becomes a call report (`2n-{session}-{call}`): ringing starts it, connected answers it,
 *   terminated ends it.
 * - `SwitchStateChanged` {switch, state, originator?} with state true: the device switched its relay
 *   on (a code typed on its keypad, a button, DTMF in a call), which is a door log row.
 *
 * Every other event is counted as ignored.
 */

const MAX_EVENTS = 1000;

/** `tstamp` (or 2N's `utcTime`): Unix seconds, or an ISO 8601 instant with its offset. */
const instantSchema = z.union([
  z.number().nonnegative(),
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/)
    .transform(Number),
  z.iso.datetime({ offset: true }),
]);

function toDate(value: number | string): Date {
  return typeof value === 'number' ? new Date(value * 1000) : new Date(value);
}

const idPartSchema = z.union([z.number().int().nonnegative(), z.string().trim().min(1).max(64)]);

const callParamsSchema = z.object({
  direction: z.string().optional(),
  state: z.string().min(1),
  peer: z.string().max(300).optional(),
  session: idPartSchema,
  call: idPartSchema.optional(),
  reason: z.string().optional(),
});

const switchParamsSchema = z.object({
  switch: z.number().int().nonnegative(),
  state: z.boolean(),
  originator: z.string().optional(),
});

export type TwoNEvent =
  | { kind: 'call'; id: number; at: Date; state: string; externalId: string; called: string | null }
  | { kind: 'switch'; id: number; at: Date; switchNumber: number; active: boolean }
  | { kind: 'other'; id: number };

const eventSchema = z
  .object({
    id: z.number().int().nonnegative(),
    tstamp: instantSchema.optional(),
    utcTime: instantSchema.optional(),
    event: z.string().min(1).max(100),
    params: z.record(z.string(), z.unknown()).default({}),
  })
  .transform((event, ctx): TwoNEvent => {
    if (event.event !== 'CallStateChanged' && event.event !== 'SwitchStateChanged') {
      return { kind: 'other', id: event.id };
    }
    const stamp = event.tstamp ?? event.utcTime;
    if (stamp === undefined) {
      ctx.addIssue({ code: 'custom', message: 'The event has no time (tstamp)', path: ['tstamp'] });
      return z.NEVER;
    }
    const at = toDate(stamp);
    const params = (event.event === 'CallStateChanged' ? callParamsSchema : switchParamsSchema).safeParse(
      event.params,
    );
    if (!params.success) {
      for (const issue of params.error.issues) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: ['params', ...issue.path] });
      }
      return z.NEVER;
    }
    if ('switch' in params.data) {
      return {
        kind: 'switch',
        id: event.id,
        at,
        switchNumber: params.data.switch,
        active: params.data.state,
      };
    }
    const { session, call, state, peer } = params.data;
    return {
      kind: 'call',
      id: event.id,
      at,
      state,
      externalId: call === undefined ? `2n-${session}` : `2n-${session}-${call}`,
      called: dialledCode(peer),
    };
  });

/** The body of `POST /devices/2n/events`: 2N's `/api/log/pull` reply. */
export const twoNPullBodySchema = z.object({
  success: z.literal(true),
  result: z.object({ events: z.array(eventSchema).max(MAX_EVENTS) }),
});

/** Which switch opens the door: the relay driver's `switch`; any switch for other drivers. */
function doorSwitch(device: DeviceAuth): number | undefined {
  if (device.door.driver !== 'http_relay') return undefined;
  const value = (device.door.driverConfig as { switch?: unknown } | null)?.switch;
  return typeof value === 'number' ? value : 1;
}

/** A device's clock may run ahead: an opening is never recorded in the future. */
const notLaterThanNow = (at: Date) => (at.getTime() > Date.now() ? new Date() : at);

/**
 * Applies a pull's events in order. Replays are harmless: call reports merge into their call, and a
 * switch event claims `2n-event-{id}-{time}` first (the time too, because 2N numbers events per
 * subscription, so ids repeat after a new subscription or a restart).
 */
export async function applyTwoNEvents(ctx: AppContext, device: DeviceAuth, events: TwoNEvent[]) {
  let accepted = 0;
  let ignored = 0;
  const opensWith = doorSwitch(device);
  for (const event of events) {
    if (event.kind === 'call') {
      const at = event.at;
      if (event.state === 'ringing' || event.state === 'connecting') {
        await reportCall(ctx, device, { externalId: event.externalId, startedAt: at, called: event.called });
      } else if (event.state === 'connected') {
        await reportCall(ctx, device, {
          externalId: event.externalId,
          startedAt: at,
          answeredAt: at,
          called: event.called,
        });
      } else if (event.state === 'terminated') {
        await reportCall(ctx, device, {
          externalId: event.externalId,
          startedAt: at,
          endedAt: at,
          called: event.called,
        });
      } else {
        ignored += 1;
        continue;
      }
      accepted += 1;
    } else if (
      event.kind === 'switch' &&
      event.active &&
      (opensWith === undefined || event.switchNumber === opensWith)
    ) {
      const key = `2n-event-${event.id}-${Math.floor(event.at.getTime() / 1000)}`;
      if (await claimDeviceEvent(ctx.db, device.intercom.id, key)) {
        try {
          await ctx.doorOpener.recordDeviceOpening(
            device.door,
            { type: 'device', intercomId: device.intercom.id, method: 'intercom' },
            notLaterThanNow(event.at),
          );
        } catch (error) {
          await releaseDeviceEvent(ctx.db, device.intercom.id, key).catch(() => {});
          throw error;
        }
      }
      accepted += 1;
    } else {
      ignored += 1;
    }
  }
  return { accepted, ignored };
}
