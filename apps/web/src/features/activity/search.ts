import { type BuildingEvent, CALL_STATUSES, DOOR_LOG_METHODS, DOOR_LOG_RESULTS } from '@gatehouse/core';
import type { CallFilters, DoorLogFilters } from '../../lib/activity';
import { endOfDayIn, startOfDayIn } from '../../lib/time-zones';

/*
 * The filters of the activity pages live in the URL, so a filtered list can be shared and survives a
 * reload: `from` and `to` are calendar days in the building's time zone (both included), `door` a
 * door id, `q` the text search; the door log adds `result` and `method`, the calls `status`. Values
 * that do not fit are left out, as are empty ones.
 */

export interface ActivitySearch {
  from?: string | undefined;
  to?: string | undefined;
  door?: string | undefined;
  q?: string | undefined;
}

export type DoorLogResultValue = (typeof DOOR_LOG_RESULTS)[number];
export type DoorLogMethodValue = (typeof DOOR_LOG_METHODS)[number];
export type CallStatusValue = (typeof CALL_STATUSES)[number];

export interface DoorActivitySearch extends ActivitySearch {
  result?: DoorLogResultValue | undefined;
  method?: DoorLogMethodValue | undefined;
}

export interface CallActivitySearch extends ActivitySearch {
  status?: CallStatusValue | undefined;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function calendarDate(value: unknown): string | undefined {
  if (typeof value !== 'string' || !DATE.test(value)) return undefined;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value ? value : undefined;
}

function text(value: unknown, max: number): string | undefined {
  // The router reads "?q=123" as a number.
  const raw = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : undefined;
  const trimmed = raw?.trim().slice(0, max);
  return trimmed ? trimmed : undefined;
}

function oneOf<T extends string>(values: readonly T[], value: unknown): T | undefined {
  return values.find((candidate) => candidate === value);
}

function activitySearch(search: Record<string, unknown>): ActivitySearch {
  let from = calendarDate(search.from);
  let to = calendarDate(search.to);
  // A range given backwards is read the right way round rather than refused.
  if (from && to && from > to) [from, to] = [to, from];
  return { from, to, door: text(search.door, 100), q: text(search.q, 100) };
}

/*
 * Every key is returned, `undefined` when its value does not fit: the router lays the validated
 * search over the raw one, so a key left out would keep its raw value. Undefined keys stay out of URLs.
 */

export function doorActivitySearch(search: Record<string, unknown>): DoorActivitySearch {
  return {
    ...activitySearch(search),
    result: oneOf(DOOR_LOG_RESULTS, search.result),
    method: oneOf(DOOR_LOG_METHODS, search.method),
  };
}

export function callActivitySearch(search: Record<string, unknown>): CallActivitySearch {
  return { ...activitySearch(search), status: oneOf(CALL_STATUSES, search.status) };
}

const FILTER_KEYS = ['from', 'to', 'door', 'q', 'result', 'method', 'status'] as const;

/** Whether any filter is set (the empty state then says that nothing matches). */
export function hasFilters(search: DoorActivitySearch & CallActivitySearch): boolean {
  return FILTER_KEYS.some((key) => search[key] !== undefined);
}

/** The instants of a range of calendar days in the building's time zone (`to` up to its last moment). */
export function rangeOf(search: ActivitySearch, timeZone: string): { from?: string; to?: string } {
  const from = search.from ? startOfDayIn(search.from, timeZone) : null;
  const to = search.to ? endOfDayIn(search.to, timeZone) : null;
  return { ...(from ? { from: from.toISOString() } : {}), ...(to ? { to: to.toISOString() } : {}) };
}

export function doorLogFilters(search: DoorActivitySearch, timeZone: string): DoorLogFilters {
  return {
    ...rangeOf(search, timeZone),
    ...(search.door ? { door_id: search.door } : {}),
    ...(search.result ? { result: search.result } : {}),
    ...(search.method ? { method: search.method } : {}),
    ...(search.q ? { q: search.q } : {}),
  };
}

export function callFilters(search: CallActivitySearch, timeZone: string): CallFilters {
  return {
    ...rangeOf(search, timeZone),
    ...(search.door ? { door_id: search.door } : {}),
    ...(search.status ? { status: search.status } : {}),
    ...(search.q ? { q: search.q } : {}),
  };
}

function inRange(instant: string, filters: { from?: string; to?: string }): boolean {
  const time = Date.parse(instant);
  if (filters.from && time < Date.parse(filters.from)) return false;
  if (filters.to && time > Date.parse(filters.to)) return false;
  return true;
}

/**
 * Whether a live event may add a row to the door log shown with `filters`. The text search cannot be
 * judged here, so with `q` set a matching event still only "may" match: the reload decides.
 */
export function doorLogEventMatches(event: BuildingEvent, filters: DoorLogFilters): boolean {
  if (event.type !== 'door_opened') return false;
  if (filters.door_id && event.door_id !== filters.door_id) return false;
  if (filters.result && event.result !== filters.result) return false;
  if (filters.method && event.method !== filters.method) return false;
  return inRange(event.occurred_at, filters);
}

/** Whether a live `call` event concerns a call that belongs in the list shown with `filters`. */
export function callEventMatches(event: BuildingEvent, filters: CallFilters): boolean {
  if (event.type !== 'call') return false;
  if (filters.door_id && event.door_id !== filters.door_id) return false;
  if (filters.status && event.status !== filters.status) return false;
  return inRange(event.started_at, filters);
}
