import { z } from 'zod'

// zod schemas for everything that crosses a boundary: saves, imports, IPC. Types stay in types.ts;
// the `satisfies` checks below keep the two in step.

const id = z.string().min(1).max(120)
const int = z.number().int()

export const vec3Schema = z.strictObject({ x: int, y: int, z: int })

export const combatantSchema = z.strictObject({
  id,
  name: z.string().min(1).max(80),
  side: id,
  controller: z.enum(['human', 'ai', 'gm']),
  pos: vec3Schema,
  facing: int.min(0).max(7),
  life: int.min(0),
  lifeMax: int.min(1),
  out: z.boolean(),
  stats: z.record(z.string(), z.unknown()),
  color: int.min(0).max(0xffffff).optional()
})

export const boardSchema = z.strictObject({
  width: int.min(1).max(200),
  height: int.min(1).max(200),
  blocks: z.array(z.strictObject({ x: int, y: int })).max(40000)
})

const economySchema = z.strictObject({ value: z.string(), context: z.record(z.string(), z.number()) })

/** A logged event: checked for shape here, its meaning is the reducer's. */
const eventSchema = z.looseObject({ type: z.string().min(1).max(60) })

export const encounterStateSchema = z.strictObject({
  schemaVersion: z.literal(1),
  id,
  name: z.string().min(1).max(120),
  system: z.enum(['pathfinder1e', 'hq2', 'minecraft', 'athkri', 'carnevale']),
  settings: z.record(z.string(), z.unknown()),
  board: boardSchema,
  sides: z
    .array(z.strictObject({ id, name: z.string().min(1).max(80) }))
    .min(2)
    .max(8),
  combatants: z.array(combatantSchema).max(500),
  rng: z.array(int).length(4),
  phase: z.enum(['setup', 'running', 'ended']),
  round: int.min(0),
  turn: z
    .strictObject({ sideId: id, activeId: id, activated: z.array(id), economy: economySchema })
    .nullable(),
  winner: id.nullable(),
  log: z.array(eventSchema)
})

export const actionSchema = z.strictObject({
  kind: z.string().min(1).max(40),
  actorId: id,
  targetId: id.optional(),
  path: z.array(vec3Schema).max(400).optional(),
  facing: int.min(0).max(7).optional()
})

export const commandSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('encounter.start') }),
  z.strictObject({ type: z.literal('action.declare'), action: actionSchema }),
  z.strictObject({ type: z.literal('activation.select'), actorId: id }),
  z.strictObject({ type: z.literal('turn.end') })
])

/** An encounter in a campaign: where it started and every command since; the state is their replay. */
export const encounterRecordSchema = z.strictObject({
  id,
  name: z.string().min(1).max(120),
  initial: encounterStateSchema,
  commands: z.array(commandSchema).max(100000),
  /** stateHash of the replayed state at the last save: a load that replays to another hash is corrupt. */
  stateHash: z.string().max(32)
})

export const CAMPAIGN_SCHEMA_VERSION = 1

/** One campaign file. */
export const campaignSchema = z.strictObject({
  schemaVersion: z.literal(CAMPAIGN_SCHEMA_VERSION),
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'campaign ids are lowercase slugs'),
  name: z.string().min(1).max(120),
  system: encounterStateSchema.shape.system,
  encounters: z.array(encounterRecordSchema).max(500)
})

export type Campaign = z.infer<typeof campaignSchema>
export type EncounterRecord = z.infer<typeof encounterRecordSchema>

/** What the campaign list shows without loading whole files. */
export interface CampaignSummary {
  id: string
  name: string
  system: Campaign['system']
  encounterCount: number
}
