// Harness: the inches map on the fixture canal table, for screenshots and the inches e2e.
import { mount } from 'svelte'
import InchesHarness from './InchesHarness.svelte'

const target = document.getElementById('app')
if (!target) throw new Error('inches.html has no #app element')

/** The mounted harness. */
export default mount(InchesHarness, { target })
