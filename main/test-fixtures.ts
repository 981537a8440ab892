import { newEncounter } from '../rules/core/encounter'
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
          ...newEncounter({
            id: 'crypt',
            name: 'The crypt',
            system: 'hq2',
            board: { width: 8, height: 6, blocks: [{ x: 3, y: 3 }] },
            sides: [
              { id: 'heroes', name: 'Heroes' },
              { id: 'monsters', name: 'Monsters' }
            ],
            combatants: [],
            seed: 0
          }),
          // Kept fixed rather than seeded, so this fixture's JSON stays what the size and store tests saw.
          rng: [1, 2, 3, 4]
        },
        commands: [],
        stateHash: '0'
      }
    ]
  })
}
