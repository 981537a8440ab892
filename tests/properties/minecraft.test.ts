import { randomPlaySuite } from './suite'

// Random play on the Minecraft samples (issue 8). One file per system so vitest runs the systems side by side;
// this system's share of the run's commands is in plan.ts.
randomPlaySuite('minecraft')
