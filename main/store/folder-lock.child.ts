// A second Emboscada for folder-lock.test.ts: opens a store on the folder given, says so, and holds it.
import { openCampaignStore } from './lowdb-campaign-store'

const dir = process.argv[2]
if (dir === undefined) throw new Error('usage: folder-lock.child.ts <campaigns folder>')
await openCampaignStore({ dir, log: () => undefined })
process.stdout.write('open\n')
setInterval(() => undefined, 1000)
