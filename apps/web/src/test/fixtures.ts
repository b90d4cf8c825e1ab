import type {
  Account,
  AppConfig,
  Building,
  Call,
  Door,
  DoorLog,
  EntrySchedule,
  Intercom,
  Manager,
  Member,
  Session,
  Unit,
  User,
  Visitor,
} from '@gatehouse/core';

export const USER_ID = '01900000-0000-7000-8000-000000000001';
export const BUILDING_ID = '01900000-0000-7000-8000-0000000000b1';
export const UNIT_ID = '01900000-0000-7000-8000-0000000000a1';
export const DOOR_ID = '01900000-0000-7000-8000-0000000000d1';
export const OTHER_DOOR_ID = '01900000-0000-7000-8000-0000000000d2';
export const MANAGER_ID = '01900000-0000-7000-8000-0000000000e1';
export const INTERCOM_ID = '01900000-0000-7000-8000-0000000000f1';

/** An account on the wire (snake_case), a plain member unless told otherwise. */
export function accountWire(overrides: Partial<Account> = {}): Account {
  const isSuperadmin = overrides.is_superadmin ?? false;
  return {
    id: USER_ID,
    email: 'jane@example.com',
    first_name: 'Jane',
    last_name: 'Doe',
    phone: null,
    locale: 'en',
    mfa_enabled: false,
    is_superadmin: isSuperadmin,
    pending_email: null,
    avatar_asset_id: null,
    avatar_url: null,
    inserted_at: '2025-01-01T10:00:00.000Z',
    updated_at: '2025-01-01T10:00:00.000Z',
    permission_props: {
      is_superadmin: isSuperadmin,
      b_manager_of_building: [],
      b_manager_of_unit: [],
      u_manager_of_building: [],
      u_manager_of_unit: [],
      u_invite_member_of_building: [],
      u_invite_member_of_unit: [],
      u_member_of_building: [BUILDING_ID],
      u_member_of_unit: [UNIT_ID],
    },
    ...overrides,
  };
}

export const APP_CONFIG_WIRE: AppConfig = {
  version: '1.21.1',
  min_app_version: '1.0.0',
  feedback_email: 'feedback@gatehouse.example',
  support_url: 'https://help.gatehouse.example',
  website_url: 'https://gatehouse.example',
};

export function sessionWire(overrides: Partial<Session> = {}): Session {
  return {
    id: '01900000-0000-7000-8000-00000000c001',
    current: false,
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
    ip: '192.0.2.10',
    inserted_at: '2025-01-01T10:00:00.000Z',
    last_used_at: '2025-01-02T11:30:00.000Z',
    expires_at: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A token with a readable payload, as the cookie transport returns it ("header.payload."). */
export function splitToken(payload: Record<string, unknown>): string {
  const encode = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.`;
}

export function tokensWire(accessTtl = 900, refreshTtl = 3600) {
  const now = Math.floor(Date.now() / 1000);
  return {
    access: splitToken({ typ: 'access', sub: USER_ID, exp: now + accessTtl }),
    refresh: splitToken({ typ: 'refresh', sub: USER_ID, exp: now + refreshTtl }),
    access_exp: now + accessTtl,
    refresh_exp: now + refreshTtl,
  };
}

/** An account managing BUILDING_ID (and nothing else). */
export function managerAccountWire(overrides: Partial<Account> = {}): Account {
  const account = accountWire(overrides);
  return {
    ...account,
    permission_props: {
      ...account.permission_props,
      b_manager_of_building: [BUILDING_ID],
      b_manager_of_unit: [UNIT_ID],
    },
  };
}

const STAMP = '2025-01-01T10:00:00.000Z';

export function buildingWire(overrides: Partial<Building> = {}): Building {
  return {
    id: BUILDING_ID,
    name: 'Harbour House',
    address: 'Kade 1',
    postal_code: '1011 AA',
    city: 'Amsterdam',
    country: 'NL',
    time_zone: 'Europe/Amsterdam',
    contact_name: null,
    contact_email: null,
    contact_phone: null,
    saltoks_site_id: null,
    kone_building_id: null,
    elevator_call_on_entry: false,
    photo_asset_id: null,
    photo_url: null,
    door_summary: { total: 0, locked: 0, unlocked: 0, offline: 0, error: 0, unknown: 0 },
    activity: {},
    inserted_at: STAMP,
    updated_at: STAMP,
    ...overrides,
  };
}

export function doorWire(overrides: Partial<Door> = {}): Door {
  return {
    id: DOOR_ID,
    building_id: BUILDING_ID,
    name: 'Front door',
    is_entrance: true,
    driver: 'simulated',
    driver_config: { unlock_seconds: 5, offline: false },
    status: 'locked',
    status_changed_at: STAMP,
    has_pincode: false,
    has_secrets: false,
    inserted_at: STAMP,
    updated_at: STAMP,
    ...overrides,
  };
}

export function intercomWire(overrides: Partial<Intercom> = {}): Intercom {
  return {
    id: INTERCOM_ID,
    door_id: DOOR_ID,
    name: 'Lobby panel',
    model: '2N IP Verso',
    email: 'intercom@example.com',
    inserted_at: STAMP,
    updated_at: STAMP,
    ...overrides,
  };
}

export function managerWire(overrides: Partial<Manager> = {}): Manager {
  return {
    id: MANAGER_ID,
    building_id: BUILDING_ID,
    user: {
      id: '01900000-0000-7000-8000-000000000002',
      email: 'piet@example.com',
      first_name: 'Piet',
      last_name: 'Jansen',
      invite_pending: false,
    },
    inserted_at: STAMP,
    ...overrides,
  };
}

// Units, members, visitors, entry schedules, users (decision 006)

export const MEMBER_ID = '01900000-0000-7000-8000-0000000000c1';
export const VISITOR_ID = '01900000-0000-7000-8000-000000000f01';
export const VISITOR_UUID = '3f1c2b7e-5a4d-4c3b-8a2f-1e0d9c8b7a61';
export const OTHER_USER_ID = '01900000-0000-7000-8000-000000000002';
export const SCHEDULE_ID = '01900000-0000-7000-8000-000000000501';

export function unitWire(overrides: Partial<Unit> = {}): Unit {
  return {
    id: UNIT_ID,
    building_id: BUILDING_ID,
    name: 'Apartment 3B',
    floor: '3',
    intercom_code: null,
    kone_area_id: null,
    building: { id: BUILDING_ID, name: 'Harbour House', time_zone: 'Europe/Amsterdam' },
    member_count: 2,
    delegate_user_id: null,
    alt_delegate_user_id: null,
    inserted_at: STAMP,
    updated_at: STAMP,
    ...overrides,
  };
}

export function memberWire(overrides: Partial<Member> = {}): Member {
  return {
    id: MEMBER_ID,
    unit_id: UNIT_ID,
    role: 'member',
    user: {
      id: OTHER_USER_ID,
      email: 'piet@example.com',
      first_name: 'Piet',
      last_name: 'Jansen',
      invite_pending: false,
      phone: '+31612345678',
    },
    inserted_at: STAMP,
    updated_at: STAMP,
    ...overrides,
  };
}

export function visitorWire(overrides: Partial<Visitor> = {}): Visitor {
  return {
    id: VISITOR_ID,
    unit_id: UNIT_ID,
    name: 'Anna de Vries',
    email: 'anna@example.com',
    phone: null,
    valid_from: '2025-03-10T09:00:00.000Z',
    valid_until: '2025-03-11T09:00:00.000Z',
    revoked_at: null,
    link: `https://gatehouse.example/visitor/${VISITOR_UUID}`,
    state: 'active',
    inserted_at: STAMP,
    updated_at: STAMP,
    ...overrides,
  };
}

export function entryScheduleWire(overrides: Partial<EntrySchedule> = {}): EntrySchedule {
  return {
    id: SCHEDULE_ID,
    unit_id: UNIT_ID,
    door_id: DOOR_ID,
    date_start: '2025-03-01',
    date_end: '2025-03-31',
    time_start: '07:00',
    time_end: '22:00',
    active_now: true,
    inserted_at: STAMP,
    updated_at: STAMP,
    ...overrides,
  };
}

export function userWire(overrides: Partial<User> = {}): User {
  return {
    id: OTHER_USER_ID,
    email: 'piet@example.com',
    first_name: 'Piet',
    last_name: 'Jansen',
    phone: null,
    locale: 'nl',
    is_superadmin: false,
    mfa_enabled: false,
    invite_pending: false,
    inserted_at: STAMP,
    updated_at: STAMP,
    ...overrides,
  };
}

// Door activity and intercom calls (decision 007)

export const DOOR_LOG_ID = '01900000-0000-7000-8000-000000000701';
export const CALL_ID = '01900000-0000-7000-8000-000000000801';

export function doorLogWire(overrides: Partial<DoorLog> = {}): DoorLog {
  return {
    id: DOOR_LOG_ID,
    occurred_at: '2025-03-10T09:15:30.000Z',
    door: { id: DOOR_ID, name: 'Front door' },
    actor_type: 'user',
    user: { id: OTHER_USER_ID, name: 'Piet Jansen', email: 'piet@example.com' },
    visitor: null,
    intercom: null,
    unit: { id: UNIT_ID, name: 'Apartment 3B' },
    method: 'webapp',
    result: 'opened',
    reason: null,
    elevator_call: null,
    oauth2_client: null,
    ...overrides,
  };
}

export function callWire(overrides: Partial<Call> = {}): Call {
  return {
    id: CALL_ID,
    started_at: '2025-03-10T09:15:00.000Z',
    answered_at: '2025-03-10T09:15:10.000Z',
    ended_at: '2025-03-10T09:16:15.000Z',
    status: 'answered',
    duration_seconds: 65,
    door_opened: false,
    door: { id: DOOR_ID, name: 'Front door' },
    intercom: { id: INTERCOM_ID, name: 'Lobby panel' },
    unit: { id: UNIT_ID, name: 'Apartment 3B' },
    user: null,
    ...overrides,
  };
}
