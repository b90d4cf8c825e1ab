import { z } from 'zod';
import { timestampSchema } from './common.js';

/*
 * KONE (elevator provider): the buildings our KONE application may use, and a building's
 * configuration (its floors as "areas") and actions (call types), read for the building and unit forms.
 * Building ids travel without KONE's `building:` prefix; `id` keeps KONE's own form.
 */

/** A KONE building id as stored on a building: "XXXX" (a leading "building:" is dropped). */
const koneBuildingIdSchema = z
  .string()
  .trim()
  .min(1, 'Give the KONE building id')
  .max(100)
  .transform((value) => value.replace(/^building:/, ''))
  .refine((value) => value.length > 0, { message: 'Give the KONE building id' });

/** `?building_id=` of GET /kone/building_config and /kone/building_actions. */
export const koneBuildingQuerySchema = z.object({
  building_id: koneBuildingIdSchema,
  /** The lift group; KONE numbers them from "1". */
  group_id: z.string().trim().min(1).max(20).default('1'),
});

/** One entry of GET /kone/resources. */
export const koneResourceSchema = z.object({
  /** KONE's resource id, e.g. "building:9990000951". */
  id: z.string(),
  /** The id to store on a building (`kone_building_id`). */
  building_id: z.string(),
});

/** A floor (area) of a KONE building: what a unit's destination (`kone_area_id`) refers to. */
export const koneAreaSchema = z.object({
  id: z.string(),
  name: z.string(),
  floor: z.number().nullable(),
  /** KONE marks the floors where people leave the building (the lobby): the source of entry calls. */
  exit: z.boolean(),
});

export const koneBuildingConfigSchema = z.object({
  building_id: z.string(),
  group_id: z.string(),
  areas: z.array(koneAreaSchema),
  /** KONE's reply as it came, for what the summary leaves out. */
  raw: z.unknown(),
});

export const koneActionSchema = z.object({ id: z.number(), name: z.string() });

export const koneBuildingActionsSchema = z.object({
  building_id: z.string(),
  group_id: z.string(),
  actions: z.array(koneActionSchema),
  raw: z.unknown(),
});

/** The elevator called when a person came in through an entrance door (door log rows). */
export const elevatorCallSchema = z.object({
  source_area: z.string().nullable(),
  destination_area: z.string(),
  result: z.enum(['called', 'failed']),
  reason: z.string().nullable().optional(),
  at: timestampSchema,
});

export type KoneResource = z.infer<typeof koneResourceSchema>;
export type KoneArea = z.infer<typeof koneAreaSchema>;
export type KoneBuildingConfig = z.infer<typeof koneBuildingConfigSchema>;
export type KoneAction = z.infer<typeof koneActionSchema>;
export type KoneBuildingActions = z.infer<typeof koneBuildingActionsSchema>;
export type ElevatorCall = z.infer<typeof elevatorCallSchema>;
