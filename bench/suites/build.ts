// npx tsx bench/suites/build.ts: writes bench/suites/core/*.json and bench/suites/heldout/*.json from the
// sample campaigns (ai.md §7.3 layout). Each family is a composition of a sample's figures; each encounter
// of it moves the monster group, scales monster life and (held-out) changes the composition, all drawn
// from a seeded stream, so the files are reproducible byte for byte. Run it again after changing a family.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { format, resolveConfig } from 'prettier'
import { encounterStateSchema } from '../../rules/core/schemas'
import { footprintCells } from '../../rules/core/footprint'
import type { Combatant, EncounterState, SystemId } from '../../rules/core/types'
import { applyCommand, whoDecides } from '../../rules/flow/engine'
import { getRuleset } from '../../rules/systems'
import type { SuiteEncounter } from '../ai/game'
import { seededUniform } from '../seeded-uniform'

/** A family: which sample encounter, which figures, and how strong the monsters are. */
interface Family {
  id: string
  system: SystemId
  /** Index of the encounter in the sample campaign. */
  source: number
  heroes: string[]
  monsters: string[]
  /** Monster life is scaled by this (then by a draw in ±15%), to bring focus fire toward 30–50%. */
  life: number
  tags: string[]
  /** Held-out compositions: figures added (from the sample) or dropped, by id. */
  heldout: { add: string[]; drop: string[] }
}

const families: Family[] = [
  {
    id: 'pf-goblin-melee',
    system: 'pathfinder1e',
    source: 0,
    heroes: ['valeria', 'tobi', 'anselma'],
    monsters: ['goblin-1', 'goblin-2', 'hobgoblin'],
    life: 1,
    tags: ['melee', 'aoo'],
    heldout: { add: ['goblin-archer'], drop: ['goblin-2'] }
  },
  {
    id: 'pf-goblin-riders',
    system: 'pathfinder1e',
    source: 0,
    heroes: ['valeria', 'tobi', 'irene'],
    monsters: ['goblin-1', 'goblin-archer', 'goblin-dog', 'goblin-rider'],
    life: 1,
    tags: ['ranged', 'mounted'],
    heldout: { add: ['anselma'], drop: ['tobi'] }
  },
  {
    id: 'hq2-orcs',
    system: 'hq2',
    source: 0,
    heroes: ['wizard'],
    monsters: ['orc-1', 'orc-2', 'goblin', 'fimir'],
    life: 1,
    tags: ['melee', 'dungeon'],
    heldout: { add: ['orc-archer'], drop: ['goblin'] }
  },
  {
    id: 'hq2-undead',
    system: 'hq2',
    source: 0,
    heroes: ['elf'],
    monsters: ['skeleton-1', 'skeleton-2', 'orc-archer', 'orc-1'],
    life: 2.5,
    tags: ['ranged', 'dungeon'],
    heldout: { add: ['fimir'], drop: ['orc-1'] }
  },
  {
    id: 'mc-mine',
    system: 'minecraft',
    source: 0,
    heroes: ['steve', 'alex'],
    monsters: ['zombie-1', 'zombie-2', 'zombie-3', 'skeleton'],
    life: 1.2,
    tags: ['melee', 'ap'],
    heldout: { add: [], drop: ['zombie-3'] }
  },
  {
    id: 'mc-heights',
    system: 'minecraft',
    source: 1,
    heroes: ['steve', 'alex'],
    monsters: ['zombie-1', 'zombie-2', 'skeleton-1', 'skeleton-2'],
    life: 1,
    tags: ['ranged', 'height', 'ap'],
    heldout: { add: [], drop: ['zombie-2'] }
  },
  {
    id: 'athkri-ford',
    system: 'athkri',
    source: 0,
    heroes: ['ileana', 'tavo', 'nerea'],
    monsters: ['ogro', 'goblin', 'esqueleto'],
    life: 1.2,
    tags: ['melee', 'ranged'],
    heldout: { add: ['sabela'], drop: ['nerea'] }
  },
  {
    id: 'athkri-riders',
    system: 'athkri',
    source: 0,
    heroes: ['ileana', 'sabela'],
    monsters: ['huargo', 'jinete', 'goblin'],
    life: 1.3,
    tags: ['mounted'],
    heldout: { add: ['esqueleto'], drop: ['goblin'] }
  },
  {
    id: 'carn-canal',
    system: 'carnevale',
    source: 0,
    heroes: ['capitana', 'spadaccina', 'archibugiere'],
    monsters: ['madre', 'pescatore-1', 'annegatore'],
    life: 1.5,
    tags: ['inches', 'water', 'ap'],
    heldout: { add: ['pescatore-2'], drop: ['annegatore'] }
  },
  {
    id: 'carn-smugglers',
    system: 'carnevale',
    source: 0,
    heroes: ['gondoliere', 'borsaiolo', 'spadaccina'],
    monsters: ['contrabbandiere', 'pescatore-2', 'annegatore'],
    life: 1,
    tags: ['inches', 'ranged', 'ap'],
    heldout: { add: ['madre'], drop: ['borsaiolo'] }
  }
]

const seedOf = (text: string): number =>
  [...text].reduce((h, ch) => Math.imul(h ^ ch.charCodeAt(0), 16777619), 2166136261)

/** Where a figure stands, as the rules see the ground: the pieces under it (inches) or its square's height. */
function groundOf(state: EncounterState, c: Pick<Combatant, 'pos'>): string {
  const inches = state.board.inches
  if (inches) {
    const under = inches.pieces.filter(
      (p) => c.pos.x >= p.x && c.pos.x <= p.x + p.w && c.pos.y >= p.y && c.pos.y <= p.y + p.h
    )
    return under.map((p) => p.id).join(',')
  }
  return String(state.board.elevation?.[c.pos.y * state.board.width + c.pos.x] ?? 0)
}

/** Whether the monsters' new places are on the board, on the same ground as before, and clear of others. */
function placementOk(state: EncounterState, moved: Combatant[], originals: Map<string, Combatant>): boolean {
  const others = state.combatants.filter((c) => !moved.includes(c))
  const inches = state.board.inches
  if (inches) {
    const u = inches.unitsPerInch
    const radius = (c: Combatant) => ((c.baseMm ?? 30) / 25.4 / 2) * u
    return moved.every((m) => {
      const r = radius(m)
      if (
        m.pos.x < r ||
        m.pos.y < r ||
        m.pos.x > state.board.width * u - r ||
        m.pos.y > state.board.height * u - r
      )
        return false
      if (groundOf(state, m) !== groundOf(state, originals.get(m.id)!)) return false
      return others.every((o) => Math.hypot(o.pos.x - m.pos.x, o.pos.y - m.pos.y) > radius(o) + r + u)
    })
  }
  const blocked = new Set(state.board.blocks.map((b) => `${b.x},${b.y}`))
  for (const o of others) for (const cell of footprintCells(o.pos, o.size)) blocked.add(`${cell.x},${cell.y}`)
  return moved.every((m) =>
    footprintCells(m.pos, m.size).every(
      (cell) =>
        cell.x >= 0 &&
        cell.y >= 0 &&
        cell.x < state.board.width &&
        cell.y < state.board.height &&
        !blocked.has(`${cell.x},${cell.y}`) &&
        groundOf(state, { pos: { ...cell, z: 0 } }) === groundOf(state, originals.get(m.id)!)
    )
  )
}

/** The sample's encounter with only the family's figures, the monsters moved and their life scaled. */
function variant(family: Family, sample: EncounterState, suite: string, index: number): SuiteEncounter {
  const next = seededUniform(seedOf(`${suite}|${family.id}|${index}`))
  const held = suite === 'heldout'
  const ids = new Set([...family.heroes, ...family.monsters])
  if (held) {
    for (const id of family.heldout.add) ids.add(id)
    for (const id of family.heldout.drop) ids.delete(id)
  }
  const combatants = sample.combatants.filter((c) => ids.has(c.id))
  const monsterSide = sample.combatants.find((c) => c.id === family.monsters[0])!.side
  const originals = new Map(combatants.map((c) => [c.id, c]))
  const unit = sample.board.inches?.unitsPerInch ?? 1
  const spread = held ? 4 : 3
  let placed = combatants
  for (let attempt = 0; attempt < 60; attempt++) {
    const dx = Math.round((next() * 2 - 1) * spread * unit)
    const dy = Math.round((next() * 2 - 1) * spread * unit)
    const trial = combatants.map((c) =>
      c.side === monsterSide ? { ...c, pos: { ...c.pos, x: c.pos.x + dx, y: c.pos.y + dy } } : c
    )
    const moved = trial.filter((c) => c.side === monsterSide)
    if (placementOk({ ...sample, combatants: trial }, moved, originals)) {
      placed = trial
      break
    }
  }
  const scaled = placed.map((c) => {
    if (c.side !== monsterSide) return c
    const lifeMax = Math.max(1, Math.round(c.lifeMax * family.life * (0.85 + 0.3 * next())))
    return { ...c, lifeMax, life: lifeMax }
  })
  const id = `${family.id}-${suite === 'core' ? 'c' : 'h'}${index + 1}`
  const encounter: EncounterState = { ...sample, id, name: id, combatants: scaled, log: [], winner: null }
  return { id, family: family.id, system: family.system, tags: family.tags, monsterSide, encounter }
}

/** Throws unless the entry is a valid setup encounter its ruleset starts and can move in. */
export function checkEntry(entry: SuiteEncounter): void {
  encounterStateSchema.parse(entry.encounter)
  const ruleset = getRuleset(entry.encounter.system)
  for (const c of entry.encounter.combatants) ruleset.schemas.stats.parse(c.stats)
  if (entry.encounter.phase !== 'setup') throw new Error(`${entry.id}: not in setup`)
  const started = applyCommand(entry.encounter, { type: 'encounter.start' }, ruleset)
  if (!started.ok) throw new Error(`${entry.id}: start refused: ${started.violation.code}`)
  const who = whoDecides(started.state)
  if (!who) throw new Error(`${entry.id}: nobody acts`)
  ruleset.legalActions(started.state, who)
}

/** How many encounters each family has per suite. */
export const suiteSizes = { core: 4, heldout: 2 } as const

async function main(): Promise<void> {
  const root = new URL('./', import.meta.url).pathname
  for (const suite of ['core', 'heldout'] as const) {
    const dir = `${root}${suite}`
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    for (const family of families) {
      const campaign = JSON.parse(
        readFileSync(`${root}../../resources/campaigns/${family.system}-sample.json`, 'utf8')
      )
      const sample = campaign.encounters[family.source].initial as EncounterState
      for (let i = 0; i < suiteSizes[suite]; i++) {
        const entry = variant(family, sample, suite, i)
        checkEntry(entry)
        const file = `${dir}/${entry.id}.json`
        // Written as the repository's formatter would, so `npm run format:check` passes on fresh output.
        const options = { ...(await resolveConfig(file)), parser: 'json' }
        writeFileSync(file, await format(JSON.stringify(entry), options))
      }
    }
    console.log(`${suite}: ${families.length * suiteSizes[suite]} encounters in ${dir}`)
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) await main()
