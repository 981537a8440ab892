// The AI bench report as Markdown: the tables a person reads (bench/results/ai-latest.md).
import type { AiBenchReport } from './report'

type Latency = AiBenchReport['policies'][string]['latency']['decision']

const pct = (x: number) => `${(x * 100).toFixed(1)}%`
const pp = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)} pp`
const ms = (x: number) => x.toFixed(1)

/** The Markdown summary of a report. */
export function markdown(r: AiBenchReport): string {
  const slots = Object.keys(r.policies)
  const lines = [
    `# AI bench (${r.options.suite})${r.cancelled ? ' — partial (stopped early: --minutes or Ctrl+C)' : ''}`,
    '',
    `${r.when} · ${r.games} games in ${r.seconds.toFixed(0)} s (${r.gamesPerSecond} games/s) on ${r.options.workers} worker(s) · ` +
      `${r.options.games} game(s) per encounter and policy, seed ${r.options.seed}, round limit ${r.options.limits.maxRounds}`,
    `${r.env.cpu}, ${r.env.cores} cores, Node ${r.env.node}, git ${r.env.git.slice(0, 12)}${r.env.git.endsWith('+dirty') ? '+dirty' : ''} — ${r.env.note}`,
    r.failures.count ? `**${r.failures.count} games failed** (see JSON).` : '',
    '',
    '## Monster win rate (draws ½) with 95% Wilson CI',
    '',
    '| policy | games | W/D/L | win rate | 95% CI | Elo | legal | traced | puzzles |',
    '|---|---|---|---|---|---|---|---|---|',
    ...slots.map((s) => {
      const p = r.policies[s]!
      const z = r.puzzles.bySlot[s]
      return `| ${s} | ${p.games} | ${p.wins}/${p.draws}/${p.losses} | ${pct(p.rate)} | ${pct(p.ci[0])}–${pct(p.ci[1])} | ${r.elo[s] ?? '–'} | ${p.legalPct}% | ${p.tracePct}% | ${z ? `${z.passed}/${z.total}` : '–'} |`
    }),
    '',
    '## By suite (win rate, games)',
    '',
    `| suite | ${slots.join(' | ')} |`,
    `|---|${slots.map(() => '---').join('|')}|`,
    ...Object.entries(r.suites).map(
      ([name, v]) =>
        `| ${name} | ${slots.map((s) => (v[s]?.games ? `${pct(v[s].rate)} (${v[s].games})` : '–')).join(' | ')} |`
    ),
    '',
    '## By family (win rate, games)',
    '',
    `| family | system | ${slots.join(' | ')} |`,
    `|---|---|${slots.map(() => '---').join('|')}|`,
    ...Object.entries(r.families)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([f, v]) =>
          `| ${f} | ${v.system} | ${slots.map((s) => (v.bySlot[s] ? `${pct(v.bySlot[s].rate)} (${v.bySlot[s].games})` : '–')).join(' | ')} |`
      ),
    '',
    '## Paired differences (A − B, same encounter and seed)',
    '',
    '| A | B | pairs | mean | 95% bootstrap CI | A better | B better | sign p |',
    '|---|---|---|---|---|---|---|---|',
    ...r.paired.map(
      (p) =>
        `| ${p.a} | ${p.b} | ${p.n} | ${pp(p.mean)} | ${pp(p.ci[0])} … ${pp(p.ci[1])} | ${p.aBetter} | ${p.bBetter} | ${p.pValue} |`
    ),
    '',
    '## Latency of the monster policy (ms)',
    '',
    '| policy | per decision p50/p95/p99/max | per monster turn p50/p95/p99/max | per side turn p50/p95/p99/max |',
    '|---|---|---|---|',
    ...slots.map((s) => {
      const l = r.policies[s]!.latency
      const f = (x: Latency) => `${ms(x.p50)} / ${ms(x.p95)} / ${ms(x.p99)} / ${ms(x.max)} (n ${x.n})`
      return `| ${s} | ${f(l.decision)} | ${f(l.monsterTurn)} | ${f(l.sideTurn)} |`
    }),
    '',
    '## Targets (issue 5)',
    '',
    '| goal | measured | met |',
    '|---|---|---|',
    ...r.targets.map(
      (t) =>
        `| ${t.goal} | ${t.value === null ? '–' : t.value}${t.ci ? ` [${t.ci[0]}, ${t.ci[1]}]` : ''} | ${t.met === null ? 'n/a' : t.met ? 'yes' : 'no'} |`
    ),
    '',
    `Puzzles: ${r.puzzles.note}.`,
    ...(r.selfPairs.length
      ? [
          '',
          'Pairing check (a policy against itself):',
          ...r.selfPairs.map((s) => `- ${s.a} vs ${s.b}: ${s.identical}/${s.pairs} identical`)
        ]
      : [])
  ]
  return lines.filter((l, i) => l !== '' || lines[i - 1] !== '').join('\n') + '\n'
}
