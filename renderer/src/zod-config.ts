import { z } from 'zod'

// zod 4 probes for `new Function` support (its "allowsEval" check) on first use; under our strict CSP that
// probe is refused and reported as a violation. Jitless mode skips the probe and the compiled fast path,
// so the renderer and the AI worker never ask for eval. Imported first, before anything parses.
z.config({ jitless: true })
