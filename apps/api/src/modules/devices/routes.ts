import {
  callReportBodySchema,
  callSchema,
  deviceOpenBodySchema,
  devicePincodeBodySchema,
  deviceSessionBodySchema,
  deviceTokenSchema,
  doorOpenResultSchema,
} from '@gatehouse/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { envelopeOf, ok } from '../../http/envelope.js';
import { Throttle } from '../auth/throttle.js';
import { akuvoxEventQuerySchema, applyAkuvoxEvent } from './akuvox.js';
import { deviceAuthentication, deviceSignInThrottles, requireDevice, signInDevice } from './auth.js';
import {
  assertReportInOrder,
  callView,
  openFromDevice,
  openWithPincode,
  PINCODE_RULE,
  reportCall,
} from './service.js';
import { applyTwoNEvents, twoNPullBodySchema } from './two-n.js';

const tags = ['Devices'];
/**
 * Device calls skip the user authentication (`public`) and authenticate the intercom themselves;
 * they carry no CSRF header (`csrf: false`): devices are not browsers.
 */
const deviceConfig = { public: true, csrf: false };
const security = [{ bearer: [] }];
const doorOpenReply = envelopeOf(doorOpenResultSchema);
const callReply = envelopeOf(callSchema);

/** The intercom device API (decision 007): sign-in, opening its door, keypad PINs and call reports. */
export function registerDeviceRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.decorateRequest('device', undefined);
  const signInThrottles = deviceSignInThrottles(ctx);
  const pincodeThrottle = new Throttle('device-pincode', PINCODE_RULE, ctx.redis);
  const authenticated = deviceAuthentication(ctx);

  api.post(
    '/devices/session',
    {
      config: deviceConfig,
      schema: {
        tags,
        summary: 'Sign an intercom in (device token, 30 days)',
        description:
          'The intercom’s own email and password (set on its door). Failed attempts are limited per account ' +
          'and per IP like user sign-in. Renew by signing in again.',
        security: [],
        body: deviceSessionBodySchema,
        response: { 200: envelopeOf(deviceTokenSchema) },
      },
    },
    async (request) => ok(await signInDevice(ctx, signInThrottles, request.body, request.ip)),
  );

  api.post(
    '/devices/door/open',
    {
      config: deviceConfig,
      onRequest: authenticated,
      schema: {
        tags,
        summary: 'Open the intercom’s door',
        description:
          'Opens the door through its driver (door log method `intercom`). With `call_external_id`, the call ' +
          'is marked `door_opened`. `502 bad_gateway` when the door does not respond (the attempt is logged).',
        security,
        body: deviceOpenBodySchema,
        response: { 200: doorOpenReply },
      },
    },
    async (request) => ok(await openFromDevice(ctx, requireDevice(request), request.body.call_external_id)),
  );

  api.post(
    '/devices/pincode',
    {
      config: deviceConfig,
      onRequest: authenticated,
      schema: {
        tags,
        summary: 'Open the door with a PIN typed on the keypad',
        description:
          'A matching PIN opens the door (method `pincode`). A wrong PIN, or a door without one, is a refused ' +
          'door log row and `403` with error code `wrong_pincode`. After 5 wrong PINs in 10 minutes the door ' +
          'takes none until the window has passed (`429`).',
        security,
        body: devicePincodeBodySchema,
        response: { 200: doorOpenReply },
      },
    },
    async (request) =>
      ok(await openWithPincode(ctx, requireDevice(request), request.body.pincode, pincodeThrottle)),
  );

  api.post(
    '/devices/calls',
    {
      config: deviceConfig,
      onRequest: authenticated,
      schema: {
        tags,
        summary: 'Report a call (idempotent by external_id)',
        description:
          'Records the call, or merges the report into the call with the same `external_id`. Reports may come ' +
          'several times and in any order; a call never moves backwards. The unit is `unit_id` (a unit of the ' +
          'building) or the unit whose intercom code is `called`.',
        security,
        body: callReportBodySchema,
        response: { 200: callReply },
      },
    },
    async (request) => {
      const body = request.body;
      const report = {
        externalId: body.external_id,
        startedAt: new Date(body.started_at),
        answeredAt: body.answered_at ? new Date(body.answered_at) : null,
        endedAt: body.ended_at ? new Date(body.ended_at) : null,
        unitId: body.unit_id ?? null,
        called: body.called ?? null,
        doorOpened: body.door_opened ?? false,
      };
      assertReportInOrder(report);
      return ok(callView(await reportCall(ctx, requireDevice(request), report)));
    },
  );

  api.post(
    '/devices/2n/events',
    {
      config: deviceConfig,
      onRequest: authenticated,
      schema: {
        tags,
        summary: 'Events of a 2N intercom (its /api/log/pull reply, forwarded as it is)',
        description:
          '`CallStateChanged` becomes call reports (`2n-{session}-{call}`), `SwitchStateChanged` to on a door log ' +
          'row (the device already opened its relay; the driver is not asked again). Other events are ' +
          'ignored. Sending the same events again records nothing twice.',
        security,
        body: twoNPullBodySchema,
        response: {
          200: envelopeOf(z.object({ accepted: z.number().int(), ignored: z.number().int() })),
        },
      },
    },
    async (request) => ok(await applyTwoNEvents(ctx, requireDevice(request), request.body.result.events)),
  );

  api.get(
    '/devices/akuvox/event',
    {
      config: deviceConfig,
      onRequest: deviceAuthentication(ctx, { queryToken: true }),
      schema: {
        tags,
        summary: 'Call events of an Akuvox intercom (its "Action URL")',
        description:
          'Action URLs cannot send headers, so the device token travels in `token` (request logs never show ' +
          'the query of device calls). incoming → ringing, established → answered, terminated → ended, ' +
          'missed → missed unless answered.',
        security: [],
        querystring: akuvoxEventQuerySchema,
        response: { 200: callReply },
      },
    },
    async (request) => ok(callView(await applyAkuvoxEvent(ctx, requireDevice(request), request.query))),
  );
}
