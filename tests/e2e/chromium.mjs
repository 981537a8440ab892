// How every browser run of the project launches Debian's Chromium (e2e, harness screenshots, bench:map):
// one list, so a flag added for CI reaches them all. Playwright manages headless mode and the profile.
import { chromium } from 'playwright-core'

/** Debian Chromium with the flags CI needs (no sandbox as root, no GPU, nothing fetched in the background). */
export function launchChromium() {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync'
    ]
  })
}
