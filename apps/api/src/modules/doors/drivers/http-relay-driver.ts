import { driverSchemas } from '@gatehouse/core';
import { readDriverSettings } from './driver-settings.js';
import { getFromRelay, type RelayLogin } from './relay-request.js';
import { readTwoNResult, switchStatusResultSchema } from './two-n-replies.js';
import { type DoorDriver, type DriverDoor, DriverError } from './types.js';

/**
 * An IP intercom's relay, 2N style: `GET /api/switch/ctrl?switch=N&action=trigger` pulses the switch
 * (the device itself releases it after its own switch time) and `GET /api/switch/status?switch=N`
 * reads it. Authentication is none, basic or digest, with the password from the door's secrets.
 */
export function createHttpRelayDriver(): DoorDriver {
  return {
    open: (door) =>
      withoutPassword(door, async () => {
        const relay = readRelay(door);
        const reply = await getFromRelay(
          relay.endpoint('ctrl', { action: 'trigger' }),
          relay.login,
          relay.config.timeout_ms,
        );
        readTwoNResult(reply);
        return { status: 'unlocked', relockAfterMs: relay.config.unlock_seconds * 1000 };
      }),

    status: (door) =>
      withoutPassword(door, async () => {
        const relay = readRelay(door);
        const reply = await getFromRelay(relay.endpoint('status'), relay.login, relay.config.timeout_ms);
        const parsed = switchStatusResultSchema.safeParse(readTwoNResult(reply));
        if (!parsed.success)
          throw new DriverError('The relay’s switch status is not in the 2N shape', 'protocol');
        const state = parsed.data.switches.find((entry) => entry.switch === relay.config.switch);
        if (!state) throw new DriverError(`The relay reports no switch ${relay.config.switch}`, 'protocol');
        if (state.active) return { status: 'unlocked' };
        // 2N's `locked` means the switch is blocked on the device: it will not open until released.
        return state.locked
          ? { status: 'locked', detail: 'The switch is blocked on the device' }
          : { status: 'locked' };
      }),
  };
}

function readRelay(door: DriverDoor) {
  const schemas = driverSchemas.http_relay;
  const config = readDriverSettings(schemas.config, door.config, 'relay settings');
  const secrets = readDriverSettings(schemas.secrets, door.secrets, 'relay secrets');
  const base = new URL(config.url);
  if (base.username || base.password) {
    throw new DriverError(
      'Put the relay’s username and password in the door’s settings, not in its URL',
      'config',
    );
  }
  const login: RelayLogin = { auth: config.auth, username: config.username, password: secrets.password };

  function endpoint(name: 'ctrl' | 'status', query: Record<string, string> = {}): URL {
    // `config.url` has no trailing slash (the schema strips it) and may carry a path prefix.
    const url = new URL(`${config.url}/api/switch/${name}`);
    url.search = new URLSearchParams({ switch: String(config.switch), ...query }).toString();
    return url;
  }

  return { config, login, endpoint };
}

/**
 * The last line of defence for the rule that no password reaches a log or an API reply: whatever a
 * device echoes back, every DriverError message leaves this driver with the password masked.
 */
async function withoutPassword<T>(door: DriverDoor, operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    const password = door.secrets.password;
    if (!(error instanceof DriverError) || typeof password !== 'string' || password === '') throw error;
    throw new DriverError(error.message.replaceAll(password, '•••'), error.kind);
  }
}
