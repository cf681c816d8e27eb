import type { PendingInteractionView, StoryStateView, WriterGuidanceView } from '../engine.ts';

/** One headed list of the Chronicle panel. */
export interface ChronicleSection {
  readonly title: string;
  readonly lines: readonly string[];
  /** The Narrator must show these at the next scene opening. */
  readonly mandatory?: boolean;
}

/** "main — label value, label value": the details the Chronicler left empty say nothing. */
function described(main: string, details: readonly (readonly [string, string | null])[]): string {
  const said = details
    .filter(([, value]) => value !== null && value !== '')
    .map(([label, value]) => `${label} ${value}`);
  return said.length === 0 ? main : `${main} — ${said.join(', ')}`;
}

/** The story's fabric as the Chronicler left it, one section per part, each item on one line. */
export function storyStateSections(state: StoryStateView): readonly ChronicleSection[] {
  return [
    {
      title: 'Dramatic questions',
      lines: state.dramatic_questions.map((item) =>
        described(item.question, [
          ['tension', item.tension_level],
          ['resolution', item.resolution_proximity],
        ]),
      ),
    },
    {
      title: 'Promises',
      lines: state.promises.map((item) => described(item.setup, [['payoff', item.payoff_readiness]])),
    },
    {
      title: 'Active threads',
      lines: state.active_threads.map((item) =>
        described(item.name, [
          ['status', item.status],
          ['momentum', item.momentum],
        ]),
      ),
    },
    {
      title: 'Stakes',
      lines: state.stakes.map((item) =>
        described(item.what, [
          ['if', item.condition],
          ['by', item.deadline],
        ]),
      ),
    },
    {
      title: 'Windows',
      lines: state.windows.map((item) =>
        described(item.opportunity, [
          ['closes', item.closes],
          ['if missed', item.if_missed],
        ]),
      ),
    },
    {
      title: 'World momentum',
      lines: state.world_momentum.map((item) =>
        described(`${item.name}: ${item.status}`, [
          ['trajectory', item.trajectory],
          ['last', item.last_event],
          ['the protagonist knows', item.mc_awareness],
        ]),
      ),
    },
  ];
}

/** The guidance for the next scene opening, what it must show first; the tone stands apart, being one line. */
export function guidanceSections(guidance: WriterGuidanceView): readonly ChronicleSection[] {
  return [
    { title: 'Manifesting now', lines: guidance.manifesting_now, mandatory: true },
    { title: 'Weave in', lines: guidance.weave_in },
    { title: 'Opportunities present', lines: guidance.opportunities_present },
    { title: 'Promises ready', lines: guidance.promises_ready },
    { title: 'Don’t forget', lines: guidance.dont_forget },
    { title: 'World momentum notes', lines: guidance.world_momentum_notes },
  ];
}

const URGENCY_ORDER: readonly PendingInteractionView['urgency'][] = ['immediate', 'high', 'medium', 'low'];

/** Pending interactions most urgent first (immediate interrupts a scene; low waits for a natural moment). */
export function byUrgency(pending: readonly PendingInteractionView[]): readonly PendingInteractionView[] {
  return [...pending].sort((a, b) => URGENCY_ORDER.indexOf(a.urgency) - URGENCY_ORDER.indexOf(b.urgency));
}

/** How often an interaction was offered at a scene opening, and whether that was enough for its urgency. */
export function offeredLine(item: PendingInteractionView): string {
  const times = item.offered === 1 ? 'once' : `${item.offered} times`;
  if (item.offered === 0) return 'not offered yet';
  return item.spent ? `offered ${times}, spent` : `offered ${times}`;
}
