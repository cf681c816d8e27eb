import type { ChronicleState } from './chronicle-state.ts';
import { URGENCIES, type PendingInteraction, type Urgency } from './simulation-state.ts';

/**
 * How many scene openings an interaction is offered at before it is spent (npc-simulation.md, "Writer consumes this
 * as"): immediate and high once (now, at this opening); medium over the next few scenes; low whenever natural.
 */
export const OPENINGS_PER_URGENCY: { readonly [U in Urgency]: number } = { immediate: 1, high: 1, medium: 3, low: 5 };

const HOW: { readonly [U in Urgency]: string } = {
  immediate: 'IMMEDIATE: interrupt the scene now',
  high: 'HIGH: bring it in at this opening',
  medium: 'MEDIUM: within the next few scenes, when it fits',
  low: 'LOW: a background thread, only when natural',
};

/** Openings each interaction has been offered at, by interaction id (the `scene_openings` checkpoint). */
export type OpeningDeliveries = { readonly [interactionId: string]: number };

export type SceneOpeningBrief = {
  /** The Narrator's guidance block; empty when there is nothing to say. */
  readonly text: string;
  /** Deliveries after this opening: what to checkpoint so a spent interaction is never offered again. */
  readonly deliveries: OpeningDeliveries;
  /** Interactions offered at this opening, most urgent first. */
  readonly offered: readonly PendingInteraction[];
};

export type OpeningInput = {
  readonly chronicle: ChronicleState | null;
  readonly pending: readonly PendingInteraction[];
  readonly deliveries: OpeningDeliveries;
  readonly nameOf: (id: string) => string;
};

/**
 * The Writer of npc-simulation.md is the Narrator at a scene opening (ARCHITECTURE §8.1): it receives the Chronicler's
 * writer_guidance, with manifesting_now marked mandatory, and the pending_mc_interactions still due, by urgency.
 */
export function sceneOpeningBrief(input: OpeningInput): SceneOpeningBrief {
  const due = input.pending
    .filter((item) => (input.deliveries[item.id] ?? 0) < OPENINGS_PER_URGENCY[item.urgency])
    .sort((a, b) => URGENCIES.indexOf(a.urgency) - URGENCIES.indexOf(b.urgency) || a.raisedAt - b.raisedAt);
  const deliveries = { ...input.deliveries };
  for (const item of due) deliveries[item.id] = (deliveries[item.id] ?? 0) + 1;
  const sections = [guidanceSection(input.chronicle), interactionSection(due, input)].filter((part) => part !== '');
  return { text: sections.join('\n'), deliveries, offered: due };
}

function guidanceSection(chronicle: ChronicleState | null): string {
  if (chronicle === null) return '';
  const guidance = chronicle.writer_guidance;
  const parts = [
    list('MANDATORY, happening now (make it happen in this scene; how is yours to choose)', guidance.manifesting_now),
    list('Threads worth touching', guidance.weave_in),
    list('Opportunities open or closing', guidance.opportunities_present),
    list('Setups ready to pay off', guidance.promises_ready),
    list('Do not let slip', guidance.dont_forget),
    list('Background events that might surface', guidance.world_momentum_notes),
    guidance.tonal_direction === '' ? '' : `Tonal direction: ${guidance.tonal_direction}`,
  ].filter((part) => part !== '');
  return parts.length === 0 ? '' : `A new scene opens. The chronicler's guidance:\n${parts.join('\n')}`;
}

function interactionSection(due: readonly PendingInteraction[], input: OpeningInput): string {
  if (due.length === 0) return '';
  const lines = due.map((item) => {
    const left = OPENINGS_PER_URGENCY[item.urgency] - (input.deliveries[item.id] ?? 0);
    const carried = item.urgency === 'medium' || item.urgency === 'low' ? ` (${left} more opening(s) at most)` : '';
    const approach = item.approach === '' ? '' : `; approach: ${item.approach}`;
    return `- ${HOW[item.urgency]}${carried}: ${input.nameOf(item.character)} seeks the protagonist: ${item.what}${approach}`;
  });
  return `Characters who decided off-screen to seek the protagonist (they act on their own; show it, never explain it):\n${lines.join('\n')}`;
}

function list(title: string, items: readonly string[]): string {
  return items.length === 0 ? '' : `${title}:\n${items.map((item) => `- ${item}`).join('\n')}`;
}
