import type { KoneAction, KoneArea } from '@gatehouse/core';

/*
 * Reading KONE's configuration and actions replies. KONE's shapes have grown over API versions, so
 * the summary reads them leniently (the raw reply goes along for anything it leaves out).
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const firstArray = (data: Json, keys: string[]): unknown[] => {
  for (const key of keys) if (Array.isArray(data[key])) return data[key] as unknown[];
  return [];
};

const idOf = (value: unknown): string | undefined =>
  typeof value === 'number' || (typeof value === 'string' && value !== '') ? String(value) : undefined;

/** The floors (areas) of a building config: its `destinations` (or `areas`), lowest floor first. */
export function areasOf(config: unknown): KoneArea[] {
  if (!isObject(config)) return [];
  const areas: KoneArea[] = [];
  for (const entry of firstArray(config, ['destinations', 'areas'])) {
    if (!isObject(entry)) continue;
    const id = idOf(entry.area_id ?? entry.id);
    if (!id) continue;
    const floorValue = entry.group_floor_id ?? entry.floor ?? entry.level;
    const floor = typeof floorValue === 'number' ? floorValue : null;
    const name = entry.short_name ?? entry.name ?? entry.exit_name;
    areas.push({ id, name: typeof name === 'string' && name ? name : id, floor, exit: entry.exit === true });
  }
  return areas.sort((a, b) => (a.floor ?? Number.MAX_SAFE_INTEGER) - (b.floor ?? Number.MAX_SAFE_INTEGER));
}

/** The call types of an actions reply (`call_types` or `actions`), by KONE's action id. */
export function actionsOf(data: unknown): KoneAction[] {
  if (!isObject(data)) return [];
  const actions: KoneAction[] = [];
  for (const entry of firstArray(data, ['call_types', 'actions'])) {
    if (!isObject(entry)) continue;
    const id = Number(entry.action_id ?? entry.id);
    if (!Number.isInteger(id)) continue;
    actions.push({ id, name: typeof entry.name === 'string' ? entry.name : String(id) });
  }
  return actions;
}

/**
 * Where an entry call starts: the lobby, i.e. the floor KONE marks as a building exit, else the
 * lowest floor. Decision 008 says why.
 */
export function lobbyOf(areas: KoneArea[]): KoneArea | undefined {
  return areas.find((area) => area.exit) ?? areas[0];
}

/** The terminal calls are made from: the config's first terminal, else 1 (KONE's default virtual terminal). */
export function terminalOf(config: unknown): number {
  if (!isObject(config)) return 1;
  for (const entry of firstArray(config, ['terminals'])) {
    const id = isObject(entry) ? Number(entry.terminal_id ?? entry.id) : Number(entry);
    if (Number.isInteger(id)) return id;
  }
  return 1;
}

/** KONE's area ids are numbers; ours are stored as text. */
export function areaNumber(areaId: string): number | undefined {
  const value = Number(areaId);
  return Number.isSafeInteger(value) ? value : undefined;
}
