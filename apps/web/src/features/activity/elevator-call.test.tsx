import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { eventStreams, mockApi, ok } from '../../test/fetch-mock';
import {
  APP_CONFIG_WIRE,
  BUILDING_ID,
  buildingWire,
  doorLogWire,
  doorWire,
  managerAccountWire,
} from '../../test/fixtures';
import { renderApp, signIn } from '../../test/render-app';

/* The elevator call of an entry on the Door activity page (decision 008). */

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  signIn();
});

const BASE = `/buildings/${BUILDING_ID}`;
const logId = (n: number) => `01900000-0000-7000-8000-${String(0x700 + n).padStart(12, '0')}`;

describe('door activity', () => {
  it('shows the elevator called for an entry, and a failed call', async () => {
    mockApi({
      'GET /me/account': ok({ account: managerAccountWire() }),
      'GET /app_config': ok(APP_CONFIG_WIRE),
      [`GET ${BASE}`]: ok(buildingWire()),
      [`GET ${BASE}/doors`]: ok([doorWire()], { total: 1 }),
      [`GET ${BASE}/events`]: eventStreams().handler,
      [`GET ${BASE}/door_logs`]: ok(
        [
          doorLogWire({
            id: logId(1),
            elevator_call: {
              source_area: '1000',
              destination_area: '3000',
              result: 'called',
              at: '2025-03-10T09:15:31.000Z',
            },
          }),
          doorLogWire({
            id: logId(2),
            elevator_call: {
              source_area: null,
              destination_area: '4000',
              result: 'failed',
              reason: 'kone_timeout: KONE did not answer within 10000 ms',
              at: '2025-03-10T09:15:41.000Z',
            },
          }),
          doorLogWire({ id: logId(3) }),
        ],
        { next_cursor: null },
      ),
    });
    await renderApp(`${BASE}/door_entries`, { width: 1280 });
    const table = await screen.findByRole('table', { name: 'Door activity' });
    const row = (n: number) => table.querySelector(`[data-row-id="${logId(n)}"]`) as HTMLElement;
    expect(await within(table).findByText('Elevator called to area 3000')).toBeInTheDocument();
    expect(within(row(1)).getByText('Elevator called to area 3000')).toBeInTheDocument();
    expect(within(row(2)).getByText('Elevator call to area 4000 failed')).toBeInTheDocument();
    expect(row(3).querySelector('[data-elevator-call]')).toBeNull();
  });
});
