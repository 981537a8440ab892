import { campaignSchema, type Campaign } from '../rules/core/schemas'

// Test data shared by main/ tests; parsed through the real schema so a schema change fails here first.

/** A small valid campaign with one encounter. */
export function makeCampaign(id = 'demo', name = 'Demo campaign'): Campaign {
  return campaignSchema.parse({
    schemaVersion: 1,
    id,
    name,
    system: 'hq2',
    encounters: [
      {
        id: 'crypt',
        name: 'The crypt',
        initial: {
          schemaVersion: 1,
          id: 'crypt',
          name: 'The crypt',
          system: 'hq2',
          settings: {},
          board: { width: 8, height: 6, blocks: [{ x: 3, y: 3 }] },
          sides: [
            { id: 'heroes', name: 'Heroes' },
            { id: 'monsters', name: 'Monsters' }
          ],
          combatants: [],
          rng: [1, 2, 3, 4],
          phase: 'setup',
          round: 0,
          turn: null,
          initiative: {},
          pending: null,
          winner: null,
          log: []
        },
        commands: [],
        stateHash: '0'
      }
    ]
  })
}
