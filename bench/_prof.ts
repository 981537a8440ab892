import { readFileSync } from 'node:fs'
import { playOut } from '../ai/simulation'
import { campaignSchema } from '../rules/core/schemas'
import { getRuleset } from '../rules/systems'
const campaign = campaignSchema.parse(JSON.parse(readFileSync('/work/main/resources/campaigns/pathfinder1e-sample.json', 'utf8')))
const enc = campaign.encounters[0]!.initial as any
const rs = getRuleset(campaign.system)
const t = performance.now()
for (let s = 1; s <= 3; s++) { const g = playOut(enc, rs, s, { maxSteps: 3000 }); console.log(s, g.winner, g.rounds, g.steps) }
console.log('ms', performance.now() - t)
