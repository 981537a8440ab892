import { newEncounter } from '../../../rules/core/encounter'
import { hashString, stateHash } from '../../../rules/core/hash'
import { ownValue } from '../../../rules/core/own-key'
import { encounterRecordSchema, type Campaign, type EncounterRecord } from '../../../rules/core/schemas'
import type {
  AiProfile,
  Combatant,
  Controller,
  EncounterState,
  Objective,
  Side
} from '../../../rules/core/types'
import { MAX_SIDE } from './map-edit-board'

// The encounter builder (issue 7, prep): new encounters on a blank map or a copy of another's, versions of
// an encounter, and its settings (objectives, surprise, who controls each figure). Pure functions over the
// campaign; the components save what they return.

/** What the "New encounter" form asks. */
export interface NewEncounterInput {
  name: string
  /** A blank map of width × height squares, or a copy of this encounter's map (and its sides). */
  map: { kind: 'blank'; width: number; height: number } | { kind: 'copy'; encounterId: string }
}

/** A lowercase slug of `name` no other encounter of the campaign uses (`-2`, `-3`... when taken). */
export function freeEncounterId(campaign: Campaign, name: string): string {
  const base =
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'encounter'
  const taken = new Set(campaign.encounters.map((e) => e.id))
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`
}

/** Whether a blank map of this size can be made (the map editor's limits). */
export function validSize(width: number, height: number): boolean {
  const ok = (n: number) => Number.isInteger(n) && n >= 1 && n <= MAX_SIDE
  return ok(width) && ok(height)
}

/** A record whose start is `state`: no commands, so the replayed state is the start and its hash the record's. */
function recordOf(state: EncounterState): EncounterRecord {
  return encounterRecordSchema.parse({
    id: state.id,
    name: state.name,
    initial: state,
    commands: [],
    stateHash: stateHash(state)
  })
}

/**
 * A new encounter in setup with no figures (they are placed in the map editor): a blank map, or another
 * encounter's map with its settings (the PF terrain lives there) and sides. `sides` are the blank map's.
 */
export function newEncounterRecord(
  campaign: Campaign,
  input: NewEncounterInput,
  sides: Side[]
): EncounterRecord {
  const name = input.name.trim()
  if (!name) throw new Error('an encounter needs a name')
  const id = freeEncounterId(campaign, name)
  // A seed from the id: the same campaign and name always give the same dice, no clock involved.
  const seed = parseInt(hashString(id).slice(-8), 16)
  if (input.map.kind === 'blank') {
    const { width, height } = input.map
    if (!validSize(width, height)) throw new RangeError(`board sides are 1..${MAX_SIDE}`)
    return recordOf(
      newEncounter({
        id,
        name,
        system: campaign.system,
        board: { width, height, blocks: [] },
        sides,
        combatants: [],
        seed
      })
    )
  }
  const copyOf = input.map.encounterId
  const source = campaign.encounters.find((e) => e.id === copyOf)
  if (!source) throw new Error(`no encounter ${copyOf}`)
  const from = source.initial as EncounterState
  return recordOf(
    newEncounter({
      id,
      name,
      system: campaign.system,
      settings: structuredClone(from.settings),
      board: structuredClone(from.board),
      sides: from.sides.map((s) => ({ ...s })),
      combatants: [],
      seed
    })
  )
}

/** The campaign with `record` added after the others. */
export function withEncounter(campaign: Campaign, record: EncounterRecord): Campaign {
  return { ...campaign, encounters: [...campaign.encounters, record] }
}

/** The version label of a copy: "Name (v2)", "Name (v3)"... after the highest version of the same name. */
export function versionName(campaign: Campaign, name: string): string {
  const base = name.replace(/ \(v\d+\)$/, '')
  let top = 1
  for (const e of campaign.encounters) {
    const m = /^(.*) \(v(\d+)\)$/.exec(e.name)
    if (m && m[1] === base) top = Math.max(top, Number(m[2]))
  }
  return `${base} (v${top + 1})`
}

/**
 * A copy of the encounter as a new version, from its start (a started encounter's version starts over in
 * setup: its commands stay with the original). Returns the campaign and the new id.
 */
export function duplicateVersion(
  campaign: Campaign,
  encounterId: string
): { campaign: Campaign; id: string } {
  const source = campaign.encounters.find((e) => e.id === encounterId)
  if (!source) throw new Error(`no encounter ${encounterId}`)
  const name = versionName(campaign, source.name)
  const id = freeEncounterId(campaign, name)
  const state = { ...structuredClone(source.initial as EncounterState), id, name }
  const record = recordOf(state)
  const at = campaign.encounters.indexOf(source)
  const encounters = [...campaign.encounters]
  encounters.splice(at + 1, 0, record)
  return { campaign: withModeCopied({ ...campaign, encounters }, encounterId, id), id }
}

/**
 * The campaign with the play mode stored for `fromId` stored for `toId` too: a version holds the same
 * controllers, so it must be read with the same mode (issue 21 bug 2: without it an all-AI copy of a GM
 * mode encounter read as solo, the AI playing the player's side).
 */
function withModeCopied(campaign: Campaign, fromId: string, toId: string): Campaign {
  const mode = ownValue(campaign.automation?.encounters, fromId)
  if (!mode) return campaign
  const { automation } = campaign
  return {
    ...campaign,
    automation: { ...automation, encounters: { ...automation?.encounters, [toId]: structuredClone(mode) } }
  }
}

/** Whether the encounter's setup can still change: once a command was played its start is fixed. */
export function isLocked(record: EncounterRecord): boolean {
  return record.commands.length > 0
}

/** Who plays one figure. */
export interface FigureControl {
  controller: Controller
  /** The AI's personality and level (kept when another controller is picked, so a switch back finds it). */
  ai?: AiProfile
}

/** The builder's settings of an encounter. */
export interface EncounterSetup {
  objectives: Objective[]
  surprised: string[]
  controls: Record<string, FigureControl>
}

/** The settings as the encounter holds them (absent objectives read as none, i.e. defeat all). */
export function setupOf(state: EncounterState): EncounterSetup {
  return {
    objectives: structuredClone(state.objectives ?? []),
    surprised: [...(state.surprised ?? [])],
    controls: Object.fromEntries(
      state.combatants.map((c) => [c.id, { controller: c.controller, ...(c.ai ? { ai: { ...c.ai } } : {}) }])
    )
  }
}

/** A new objective of `kind` with parameters that fit the encounter (first side, first figure...). */
export function defaultObjective(kind: Objective['kind'], state: EncounterState): Objective {
  const side = state.sides[0]?.id ?? ''
  switch (kind) {
    case 'defeatAll':
      return { kind }
    case 'survive':
      return { kind, side, rounds: 3 }
    case 'escape': {
      const zone = state.board.startZones?.find((z) => z.sideId !== side)?.sideId
      return zone ? { kind, side, zone, count: 1 } : { kind, side, cells: [], count: 1 }
    }
    case 'protect':
      return { kind, side, figureId: state.combatants.find((c) => c.side === side)?.id ?? '' }
  }
}

/** Why the settings cannot be saved, as catalogue codes under `builder.problem.` (empty when they can). */
export function setupProblems(state: EncounterState, setup: EncounterSetup): string[] {
  const problems: string[] = []
  const sides = new Set(state.sides.map((s) => s.id))
  const figures = new Map(state.combatants.map((c) => [c.id, c]))
  for (const o of setup.objectives) {
    if (o.kind !== 'defeatAll' && !sides.has(o.side)) problems.push('side')
    if (o.kind === 'survive' && !(Number.isInteger(o.rounds) && o.rounds >= 1)) problems.push('rounds')
    if (o.kind === 'escape') {
      const zone = o.zone && state.board.startZones?.some((z) => z.sideId === o.zone && z.cells.length)
      if (!zone && !(o.cells?.length ?? 0)) problems.push('exit')
      const count = state.combatants.filter((c) => c.side === o.side).length
      if (!(Number.isInteger(o.count) && o.count >= 1 && o.count <= Math.max(1, count)))
        problems.push('count')
    }
    if (o.kind === 'protect' && figures.get(o.figureId)?.side !== o.side) problems.push('ward')
  }
  if (setup.surprised.some((id) => !figures.has(id))) problems.push('surprised')
  return [...new Set(problems)]
}

/** The encounter's start with the settings applied; no objectives and nobody surprised leave the fields out. */
export function applySetup(state: EncounterState, setup: EncounterSetup): EncounterState {
  const { objectives: _o, surprised: _s, ...rest } = state
  const combatants = state.combatants.map((c): Combatant => {
    const control = ownValue(setup.controls, c.id)
    if (!control) return c
    const { ai: _ai, ...bare } = c
    return { ...bare, controller: control.controller, ...(control.ai ? { ai: control.ai } : {}) }
  })
  const surprised = setup.surprised.filter((id) => combatants.some((c) => c.id === id))
  return {
    ...rest,
    combatants,
    ...(setup.objectives.length ? { objectives: setup.objectives } : {}),
    ...(surprised.length ? { surprised } : {})
  }
}

/** The campaign with the encounter's settings saved; refused on a started encounter or invalid settings. */
export function withSetup(campaign: Campaign, encounterId: string, setup: EncounterSetup): Campaign {
  const record = campaign.encounters.find((e) => e.id === encounterId)
  if (!record) throw new Error(`no encounter ${encounterId}`)
  if (isLocked(record)) throw new Error('the encounter has started: its setup can no longer change')
  const state = record.initial as EncounterState
  const problems = setupProblems(state, setup)
  if (problems.length) throw new Error(`invalid setup: ${problems.join(', ')}`)
  const initial = applySetup(state, setup)
  // No commands: the replayed state is the start itself, so its hash is the record's hash.
  const next = encounterRecordSchema.parse({ ...record, initial, stateHash: stateHash(initial) })
  return { ...campaign, encounters: campaign.encounters.map((e) => (e.id === encounterId ? next : e)) }
}

/**
 * The encounter `state` (an auto-balance proposal: the encounter with other figures) saved as a new
 * version of `encounterId`, in setup, right after it. Returns the campaign, the new id and its name.
 */
export function versionWith(
  campaign: Campaign,
  encounterId: string,
  state: EncounterState
): { campaign: Campaign; id: string; name: string } {
  const source = campaign.encounters.find((e) => e.id === encounterId)
  if (!source) throw new Error(`no encounter ${encounterId}`)
  const name = versionName(campaign, source.name)
  const id = freeEncounterId(campaign, name)
  const record = recordOf({ ...structuredClone(state), id, name })
  const encounters = [...campaign.encounters]
  encounters.splice(campaign.encounters.indexOf(source) + 1, 0, record)
  return { campaign: withModeCopied({ ...campaign, encounters }, encounterId, id), id, name }
}
