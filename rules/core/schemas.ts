import { z } from 'zod'
import type { GameEvent } from './events'
import type { Command, EncounterState } from './types'

// zod schemas for everything that crosses a boundary: saves, imports, IPC. Types stay in types.ts;
// the `satisfies` checks below keep the two in step.

// `__proto__` is never an id: ids key records (initiative by figure, play modes by encounter and side), and
// as a key JSON.parse makes it an own property that a spread or Object.assign turns into a prototype swap.
const id = z
  .string()
  .min(1)
  .max(120)
  .refine((s) => s !== '__proto__', '__proto__ is not an id')
const int = z.number().int()

/** The lowest life a figure may have (PF's dead at −Con, Athkri's HP below 0 are far above it). */
export const LIFE_MIN = -10000
/** The highest life, and so the highest maximum: healing up to `lifeMax` must stay saveable. */
export const LIFE_MAX = 100000
const life = int.min(LIFE_MIN).max(LIFE_MAX)

export const vec3Schema = z.strictObject({ x: int, y: int, z: int })

/** A figure's AI profile; personality ids are checked by the AI (an unknown one falls back, with a note). */
export const aiProfileSchema = z.strictObject({
  personality: z.string().min(1).max(40).optional(),
  level: z.enum(['easy', 'normal', 'hard']).optional(),
  weights: z.record(z.string().min(1).max(40), z.number().finite().min(-1000).max(1000)).optional(),
  knowledge: z.enum(['fair', 'omniscient']).optional()
})

export const combatantSchema = z.strictObject({
  id,
  name: z.string().min(1).max(80),
  side: id,
  controller: z.enum(['human', 'ai', 'gm']),
  pos: vec3Schema,
  facing: int.min(0).max(7),
  life,
  lifeMax: int.min(1).max(LIFE_MAX),
  lifeMin: int.min(LIFE_MIN).max(0).optional(),
  out: z.boolean(),
  stats: z.record(z.string(), z.unknown()),
  color: int.min(0).max(0xffffff).optional(),
  size: z.number().min(0.25).max(8).optional(),
  baseMm: z.number().min(10).max(200).optional(),
  ai: aiProfileSchema.optional(),
  escaped: z.boolean().optional()
})

export const terrainPieceSchema = z.strictObject({
  id,
  kind: z.enum(['building', 'wall', 'water', 'bridge']),
  // Board units: at most a 200-inch table at 100 units per inch.
  x: int.min(0).max(20000),
  y: int.min(0).max(20000),
  w: int.min(1).max(20000),
  h: int.min(1).max(20000),
  top: int.min(0).max(10000),
  name: z.string().min(1).max(80).optional()
})

export const inchesBoardSchema = z.strictObject({
  unitsPerInch: int.min(1).max(100),
  pieces: z.array(terrainPieceSchema).max(2000)
})

const cellSchema = z.strictObject({ x: int.min(0).max(199), y: int.min(0).max(199) })
const edgeShape = { x: int.min(0).max(200), y: int.min(0).max(200), side: z.enum(['n', 'w']) }

/** A background picture: a data: URL of an image, at most ~6 MB of text (IPC carries 8 MiB). */
export const boardBackgroundSchema = z.strictObject({
  image: z
    .string()
    .max(6_000_000)
    .regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/, 'a png, jpeg or webp data: URL'),
  opacity: z.number().min(0).max(1)
})

export const boardSchema = z.strictObject({
  width: int.min(1).max(200),
  height: int.min(1).max(200),
  blocks: z.array(z.strictObject({ x: int, y: int })).max(40000),
  elevation: z.array(int.min(-100).max(100)).max(40000).optional(),
  inches: inchesBoardSchema.optional(),
  walls: z.array(z.strictObject(edgeShape)).max(20000).optional(),
  doors: z
    .array(z.strictObject({ ...edgeShape, open: z.boolean() }))
    .max(2000)
    .optional(),
  ground: z
    .array(
      z.strictObject({
        x: int.min(0).max(199),
        y: int.min(0).max(199),
        kind: z.enum(['difficult', 'water', 'impassable'])
      })
    )
    .max(40000)
    .optional(),
  lights: z
    .array(
      z.strictObject({
        id,
        x: int.min(0).max(199),
        y: int.min(0).max(199),
        radius: int.min(0).max(200),
        kind: z.enum(['light', 'dark'])
      })
    )
    .max(500)
    .optional(),
  startZones: z
    .array(z.strictObject({ sideId: id, cells: z.array(cellSchema).max(40000) }))
    .max(8)
    .optional(),
  background: boardBackgroundSchema.optional()
})

const economySchema = z.strictObject({ value: z.string(), context: z.record(z.string(), z.number()) })

const cost = z.record(z.string(), z.number())
const answerValue = z.union([z.string().max(60), int])

export const actionSchema = z.strictObject({
  kind: z.string().min(1).max(40),
  actorId: id,
  targetId: id.optional(),
  path: z.array(vec3Schema).max(400).optional(),
  facing: int.min(0).max(7).optional(),
  options: z.record(z.string().min(1).max(40), z.union([z.string().max(80), z.number()])).optional()
})

export const decisionRequestSchema = z.strictObject({
  id: z.string().min(1).max(60),
  deciderId: id,
  choices: z.array(z.string().min(1).max(60)).min(1).max(20).optional(),
  range: z.strictObject({ min: int, max: int }).optional(),
  default: answerValue,
  params: z.record(z.string(), z.union([z.string().max(200), z.number()])).optional()
})

const answersSchema = z.record(z.string(), answerValue)
const ev = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.strictObject({ type: z.literal(type), ...shape })

/** Every event the reducer knows (events.ts `GameEvent`); a save with anything else is invalid. */
export const gameEventSchema = z.discriminatedUnion('type', [
  ev('encounter.started', { surprised: z.array(id).max(500).optional() }),
  ev('round.started', { round: int }),
  ev('initiative.rolled', { id, total: z.number() }),
  ev('initiative.changed', { id, total: z.number(), reason: z.string().min(1).max(40) }),
  ev('turn.started', { sideId: id, actorId: id, economy: economySchema }),
  ev('activation.changed', { actorId: id, economy: economySchema }),
  ev('activation.paused', { actorId: id }),
  ev('activation.resumed', { actorId: id, release: z.boolean() }),
  ev('economy.spent', {
    actorId: id,
    cost,
    economy: economySchema,
    kind: z.string().min(1).max(40).optional()
  }),
  ev('economy.changed', { actorId: id, economy: economySchema }),
  ev('dice.rolled', {
    actorId: id,
    purpose: z.string().min(1).max(40),
    sides: int.min(2).max(1000),
    result: int,
    target: z.number().optional(),
    atLeast: z.boolean().optional(),
    success: z.boolean(),
    natural: z.enum(['success', 'failure']).optional(),
    face: z.string().min(1).max(30).optional(),
    entered: int.min(1).max(1000).optional()
  }),
  ev('moved', { id, path: z.array(vec3Schema).max(400), facing: int.min(0).max(7) }),
  ev('door.changed', { ...edgeShape, open: z.boolean() }),
  ev('faced', { id, facing: int.min(0).max(7) }),
  ev('attack.declared', {
    attackerId: id,
    targetId: id,
    mode: z.string().max(40),
    sector: z.string().max(20).optional()
  }),
  ev('attack.hit', { attackerId: id, targetId: id, automatic: z.boolean() }),
  ev('attack.missed', { attackerId: id, targetId: id }),
  ev('pushed', { id, from: vec3Schema, to: vec3Schema }),
  ev('collided', { id, at: vec3Schema, obstacle: z.enum(['block', 'figure', 'edge']) }),
  ev('damaged', { id, amount: int.min(0), source: z.string().max(40) }),
  ev('combatant.out', { id }),
  ev('healed', { id, amount: int.min(0), source: z.string().max(40) }),
  ev('combatant.back', { id }),
  ev('stats.changed', { id, stats: z.record(z.string(), z.unknown()) }),
  ev('stats.set', {
    id,
    changes: z.record(z.string(), z.unknown()),
    removed: z.array(z.string().min(1).max(60)).max(200).optional()
  }),
  ev('decision.requested', { action: actionSchema, answers: answersSchema, request: decisionRequestSchema }),
  ev('decision.answered', { decisionId: z.string().min(1).max(60), choice: answerValue }),
  ev('turn.ended', { actorId: id }),
  ev('encounter.ended', { winner: id.nullable() }),
  ev('escaped', { id }),
  ev('surprised', { id })
])

/** A win condition (types.ts `Objective`). */
export const objectiveSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('defeatAll') }),
  z.strictObject({ kind: z.literal('survive'), side: id, rounds: int.min(1).max(1000) }),
  z.strictObject({
    kind: z.literal('escape'),
    side: id,
    cells: z.array(cellSchema).max(40000).optional(),
    zone: id.optional(),
    count: int.min(1).max(500)
  }),
  z.strictObject({ kind: z.literal('protect'), side: id, figureId: id })
])

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
    .strictObject({
      sideId: id,
      activeId: id,
      activated: z.array(id),
      economy: economySchema,
      actions: int.min(0),
      paused: z.array(z.strictObject({ actorId: id, economy: economySchema, actions: int.min(0) })).optional()
    })
    .nullable(),
  initiative: z.record(id, z.number()),
  pending: z
    .strictObject({ action: actionSchema, answers: answersSchema, request: decisionRequestSchema })
    .nullable(),
  winner: id.nullable(),
  log: z.array(gameEventSchema).max(1_000_000),
  objectives: z.array(objectiveSchema).max(20).optional(),
  surprised: z.array(id).max(500).optional(),
  /** The ruleset's slice (types.ts `systemState`); its own schema checks it (core/system-state.ts). */
  systemState: z.record(z.string(), z.unknown()).optional()
})

// Faces entered by hand on a command that can roll (types.ts `EnteredDice`); the rules check each one's sides.
const dice = z.array(int.min(1).max(1000)).max(200).optional()

export const commandSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('encounter.start'), dice }),
  z.strictObject({ type: z.literal('action.declare'), action: actionSchema, dice }),
  z.strictObject({ type: z.literal('activation.select'), actorId: id, dice }),
  z.strictObject({ type: z.literal('turn.end'), dice }),
  z.strictObject({
    type: z.literal('decision.answer'),
    decisionId: z.string().min(1).max(60),
    choice: answerValue,
    dice
  }),
  z.strictObject({ type: z.literal('door.set'), ...edgeShape, open: z.boolean() }),
  z.strictObject({ type: z.literal('life.set'), id, life })
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

/**
 * A figure kept in a campaign's party or bestiary, ready to be placed in an encounter: a combatant without
 * its place in a fight (position, side, life now, controller). `stats` is validated by the ruleset's own
 * stats schema where it is edited; `source` names the content-pack creature it was cloned from.
 */
export const figureTemplateSchema = z.strictObject({
  id,
  name: combatantSchema.shape.name,
  lifeMax: combatantSchema.shape.lifeMax,
  lifeMin: combatantSchema.shape.lifeMin,
  stats: combatantSchema.shape.stats,
  color: combatantSchema.shape.color,
  size: combatantSchema.shape.size,
  baseMm: combatantSchema.shape.baseMm,
  ai: combatantSchema.shape.ai,
  source: z.string().min(1).max(120).optional(),
  notes: z.string().max(4000).optional()
})

/** A party member or bestiary entry. */
export type FigureTemplate = z.infer<typeof figureTemplateSchema>

/** How many ended fights a campaign's history keeps (the oldest go first). */
export const HISTORY_CAP = 500

/**
 * One ended fight in a campaign's history: who won, in how many rounds, who fell on each side (`out` still
 * alive, `dead` by the ruleset's fate) and the experience it gave, where the ruleset has such rules.
 */
export const historyEntrySchema = z.strictObject({
  encounterId: id,
  name: z.string().min(1).max(120),
  /** When the fight ended, as an ISO date. */
  endedAt: z.string().max(40),
  rounds: int.min(0).max(100000),
  /** The winning side's name; null for a draw. */
  winner: z.string().max(120).nullable(),
  casualties: z
    .array(
      z.strictObject({ side: z.string().max(120), out: int.min(0).max(1000), dead: int.min(0).max(1000) })
    )
    .max(50),
  xp: int.min(0).max(100000000).optional()
})

/** An ended fight kept in the campaign's history. */
export type HistoryEntry = z.infer<typeof historyEntrySchema>

const automationLevel = z.enum(['off', 'remind', 'suggest', 'auto'])

/**
 * A campaign's automation (issue 7, renderer `automation.ts`): a level per rule family, and per encounter
 * the play mode (solo: the player's side against the AI; gm: the GM runs every side, the AI playing or
 * suggesting for the sides named in `sides`).
 */
export const automationSchema = z.strictObject({
  dice: automationLevel.optional(),
  reactions: automationLevel.optional(),
  adjudication: automationLevel.optional(),
  encounters: z
    .record(
      id,
      z.strictObject({
        mode: z.enum(['solo', 'gm']),
        heroSide: id.optional(),
        sides: z.record(id, z.enum(['gm', 'plays', 'suggests'])).optional()
      })
    )
    .optional()
})

/** One campaign file. */
export const campaignSchema = z.strictObject({
  schemaVersion: z.literal(CAMPAIGN_SCHEMA_VERSION),
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'campaign ids are lowercase slugs'),
  name: z.string().min(1).max(120),
  system: encounterStateSchema.shape.system,
  encounters: z.array(encounterRecordSchema).max(500),
  /** The heroes the GM brings to encounters (optional: files from before the editors have none). */
  party: z.array(figureTemplateSchema).max(200).optional(),
  /** The campaign's own monsters and NPCs, cloned from content packs or written by hand. */
  bestiary: z.array(figureTemplateSchema).max(2000).optional(),
  /** The fights that ended, newest last (optional: older files have none). */
  history: z.array(historyEntrySchema).max(HISTORY_CAP).optional(),
  /** How much the app does by itself, and how each encounter is played (absent: full automation, solo). */
  automation: automationSchema.optional()
})

export type Campaign = z.infer<typeof campaignSchema>

// Compile-time proof that the schemas and the hand-written types describe the same data.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
const statesAgree: Same<z.infer<typeof encounterStateSchema>, EncounterState> = true
const eventsAgree: Same<z.infer<typeof gameEventSchema>, GameEvent> = true
const commandsAgree: Same<z.infer<typeof commandSchema>, Command> = true
void [statesAgree, eventsAgree, commandsAgree]
export type EncounterRecord = z.infer<typeof encounterRecordSchema>

/** What the campaign list shows without loading whole files. */
export interface CampaignSummary {
  id: string
  name: string
  system: Campaign['system']
  encounterCount: number
}
