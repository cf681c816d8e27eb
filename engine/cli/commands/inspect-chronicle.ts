import type { ChronicleView } from '../../api/index.ts';

/** `inspect <save> chronicle`: the Chronicler's story state and guidance, the last simulation, who seeks the player. */
export function formatChronicle(view: ChronicleView): string {
  const heading =
    view.turn === null ? 'Chronicle — no scene boundary has finished yet' : `Chronicle after turn ${view.turn}`;
  const lines = [heading, ...chronicleLines(view), '', ...cycleLines(view), '', ...pendingLines(view), ''];
  lines.push('Characters:');
  for (const character of view.characters) {
    const simulated = character.lastSimulated === null ? 'never simulated' : `simulated ${character.lastSimulated}`;
    const situation = character.situation === '' ? '' : ` — ${character.situation}`;
    const created = character.created === null ? '' : `, created by the story in turn ${character.created.turn}`;
    lines.push(`  ${character.id} (${character.tier}${created}), ${simulated}${situation}`);
    for (const side of character.standings) {
      const why = side.why === '' ? '' : ` — ${side.why}`;
      lines.push(`    stands with ${side.to}: ${side.text}${side.strong ? ' (strong)' : ''}${why}`);
    }
  }
  lines.push('', ...createdLines(view));
  return `${lines.join('\n')}\n`;
}

function createdLines({ created }: ChronicleView): string[] {
  if (created.length === 0) return ['Created by the story: (nothing yet)'];
  return [
    'Created by the story:',
    ...created.map((made) => `  ${made.kind} ${made.id} "${made.name}" (turn ${made.turn}): ${made.why}`),
  ];
}

function chronicleLines({ chronicle }: ChronicleView): string[] {
  if (chronicle === null) return ['', 'Story state: (the Chronicler has not run yet)'];
  const { story_state: state, writer_guidance: guidance } = chronicle;
  return [
    '',
    `Story state (cycle ${chronicle.cycle}, ${chronicle.at}):`,
    ...list(
      'Dramatic questions',
      state.dramatic_questions.map((q) => `${q.question} [${q.tension_level}]`),
    ),
    ...list(
      'Promises',
      state.promises.map((p) => `${p.setup}${suffix(p.payoff_readiness)}`),
    ),
    ...list(
      'Active threads',
      state.active_threads.map((t) => `${t.name}: ${t.status}${suffix(t.momentum)}`),
    ),
    ...list(
      'Stakes',
      state.stakes.map((s) => `${s.what}${s.condition === '' ? '' : `: ${s.condition}`}`),
    ),
    ...list(
      'Windows',
      state.windows.map((w) => `${w.opportunity}${w.closes === '' ? '' : ` (closes ${w.closes})`}`),
    ),
    ...list(
      'World momentum',
      state.world_momentum.map((m) => `${m.name}: ${m.status} [${m.trajectory}]`),
    ),
    '',
    'Writer guidance:',
    ...list('Manifesting now (mandatory)', guidance.manifesting_now),
    ...list('Weave in', guidance.weave_in),
    ...list('Opportunities present', guidance.opportunities_present),
    ...list('Promises ready', guidance.promises_ready),
    ...list("Don't forget", guidance.dont_forget),
    ...list('World momentum notes', guidance.world_momentum_notes),
    ...(guidance.tonal_direction === '' ? [] : [`  Tonal direction: ${guidance.tonal_direction}`]),
    ...list('Took in (previous cycle, off by one)', chronicle.took_in),
  ];
}

function cycleLines({ lastCycle }: ChronicleView): string[] {
  if (lastCycle === null) return ['Last simulation: (none yet)'];
  const events = lastCycle.events.map((e) => `    ${e.when}${e.where === null ? '' : ` at ${e.where}`}: ${e.event}`);
  return [
    `Last simulation: cycle ${lastCycle.cycle}, from ${lastCycle.at}`,
    ...(events.length > 0 ? events : ['    (no world events)']),
  ];
}

function pendingLines({ pending }: ChronicleView): string[] {
  if (pending.length === 0) return ['Pending interactions: (none)'];
  return [
    'Pending interactions:',
    ...pending.map((p) => `  [${p.urgency}] ${p.name}: ${p.what} (offered ${p.offered}×${p.spent ? ', spent' : ''})`),
  ];
}

function list(title: string, items: readonly string[]): string[] {
  return items.length === 0 ? [] : [`  ${title}:`, ...items.map((item) => `    - ${item}`)];
}

function suffix(text: string): string {
  return text === '' ? '' : ` (${text})`;
}
