// Writes the bundled sample campaigns from the rules' content (run: npx tsx tests/tools/make-sample-campaigns.ts).
// The JSON is committed; tests/sample-campaigns.test.ts checks that it still matches this script.
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { buildSampleCampaigns } from './sample-campaigns'

for (const campaign of buildSampleCampaigns()) {
  const file = fileURLToPath(new URL(`../../resources/campaigns/${campaign.id}.json`, import.meta.url))
  writeFileSync(file, JSON.stringify(campaign, null, 2) + '\n')
  console.log(`wrote ${file}`)
}
