import type { Browser } from 'playwright-core'

/** Debian Chromium with the flags CI needs (see chromium.mjs). */
export function launchChromium(): Promise<Browser>
