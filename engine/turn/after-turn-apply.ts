import { z } from 'zod';
import { NPC_STATE_CHECKPOINT } from '../boundary/index.ts';
import type { StoryPack } from '../pack/index.ts';
import type { Clock } from '../platform/index.ts';
import type {
  NewBoundaryRun,
  NewCheckpoint,
  NewLedgerEntry,
  NewMessage,
  SaveStore,
  StoredBoundaryRun,
} from '../store/index.ts';
import { SYSTEM_OWNER } from '../stream/index.ts';
import { boundaryRun } from './boundary-snapshot.ts';
import { EVENTS_REPORT_CHECKPOINT, interpretationSchema, reconcileAfterTurn } from './classify/index.ts';
import { afterTurnStepSchema, type AfterTurnStep } from './extract.ts';
import { npcStateAt } from './npc-state-at.ts';
import { displayName } from './prompt-view.ts';
import { loreFactsSchema, stateChangesSchema } from './outputs.ts';
import { PLAY_STATE_CHECKPOINT, playStateFromCheckpoint, type PlayState } from './play-state.ts';
import { setStates, upsertLore } from './tools.ts';
import { withLearnedLore } from './turn-knowledge.ts';
import { inWorldMinutes } from '../npc/index.ts';
import { applyCreations } from './creation/apply.ts';
import { CREATIONS_CHECKPOINT, createdAt, type Made } from './creation/created.ts';
import type { CreationStep } from './creation/step.ts';

/** The final step of every after-turn run: the extractors' writes applied, all at once. */
export const APPLY_STEP = 'apply';

/**
 * What a turn leaves for after its prose (the input of its after-turn run): the rendered extractor steps, the
 * in-world time the turn started at (learned lore is dated then), and — when the turn closed its scene by leaving —
 * the scene's place and time, so the boundary run can start from the states the extractors wrote.
 */
export const afterTurnInputSchema = z.strictObject({
  version: z.literal(1),
  turn: z.number().int().positive(),
  startedAt: z.string(),
  steps: z.array(afterTurnStepSchema).min(1),
  closes: z.strictObject({ reason: z.literal('location_change'), location: z.string(), time: z.string() }).nullable(),
});

export type AfterTurnInput = z.infer<typeof afterTurnInputSchema>;

export function readAfterTurnInput(run: StoredBoundaryRun, source: string): AfterTurnInput {
  const parsed = afterTurnInputSchema.safeParse(run.input);
  if (!parsed.success)
    throw new Error(
      `${source}: the after-turn run of turn ${run.turnNumber} is unreadable: ${z.prettifyError(parsed.error)}`,
    );
  return parsed.data;
}

export interface AfterTurnWrites {
  readonly output: {
    readonly states: number;
    readonly lore: number;
    readonly judgments?: number;
    readonly creations?: number;
  };
  readonly checkpoints: readonly NewCheckpoint[];
  readonly ledger: readonly NewLedgerEntry[];
  /** Each extractor's one `system` message (pipeline-rules.md: its internal summary), in round order. */
  readonly messages: readonly NewMessage[];
  readonly boundary?: NewBoundaryRun;
}

/**
 * The extractors' outputs applied through the tool layer, in round order, to the play state the turn committed: the
 * play state and (when lore was learned) the npc state as new checkpoints on the turn, and the scene's boundary run
 * when the turn closed it. Stage 4's answer is reconciled here too, once: its ledger rows, the event state and the
 * turn's classification report. Pure over the save's reads: a resumed run that applies again writes the same.
 */
export function afterTurnWrites(
  store: SaveStore,
  pack: StoryPack,
  clock: Clock,
  run: StoredBoundaryRun,
  input: AfterTurnInput,
  outputs: ReadonlyMap<string, unknown>,
): AfterTurnWrites {
  const committed = store.latestCheckpoint(PLAY_STATE_CHECKPOINT);
  // Nothing but this run writes a play state between its turn and the next turn, which waits for it.
  if (committed === null || committed.turnId !== run.turnId)
    throw new Error(`the play state moved on past turn ${input.turn} before its after-turn work was applied`);
  const before = playStateFromCheckpoint(committed.data, store.path);
  let state = before;
  let states = 0;
  let lore = 0;
  let judgments: number | null = null;
  const messages: NewMessage[] = [];
  const reconciled: { ledger: readonly NewLedgerEntry[]; report: NewCheckpoint[] } = { ledger: [], report: [] };
  const creations: CreationStep[] = [];
  for (const step of input.steps) {
    const output = outputs.get(step.name);
    if (step.stage === 'creation') creations.push(step);
    else if (step.stage === 'deep_interpretation') {
      if (before.events === undefined) throw new Error(`turn ${input.turn} saved no event state to reconcile with`);
      const interpretation = interpretationSchema.parse(output);
      const at = { turn: input.turn, events: before.events, monotonic: () => clock.monotonic() };
      const result = reconcileAfterTurn(store, pack, at, step, interpretation);
      state = { ...state, events: result.events };
      judgments = interpretation.judgments.length;
      reconciled.ledger = result.ledger;
      if (result.report !== null) reconciled.report = [{ kind: EVENTS_REPORT_CHECKPOINT, data: result.report }];
    } else if (step.stage === 'lore_extractor') {
      const facts = loreFactsSchema.parse(output);
      lore += facts.facts.length;
      state = upsertLore(state, facts, input.turn);
      messages.push(systemMessage('Lore Extractor', facts.summary, facts.facts.length, 'fact'));
    } else {
      const changes = stateChangesSchema.parse(output);
      states += changes.changes.length;
      state = setStates(state, step.principal, changes);
      const stage = step.stage === 'persona_extractor' ? 'Persona Extractor' : 'Character Extractor';
      const who = `${stage} (${displayName(pack, store.meta().personaId, step.principal)})`;
      messages.push(systemMessage(who, changes.summary, changes.changes.length, 'change'));
    }
  }
  const npc = npcStateAt(store, pack);
  const withLore = withLearnedLore(npc, pack, { ...before, time: input.startedAt }, state, input.turn);
  // What the Narrator asked to create comes last: the extractors wrote only of what was already there.
  const at = { turn: input.turn, time: inWorldMinutes(input.startedAt) };
  const applied = applyCreations(creations, outputs, at, { created: createdAt(store), state, npc: withLore });
  state = applied.state;
  const learned = applied.npc;
  for (const made of applied.made) messages.push(createdMessage(made));
  const checkpoints = [
    { kind: PLAY_STATE_CHECKPOINT, data: state },
    ...(learned === npc ? [] : [{ kind: NPC_STATE_CHECKPOINT, data: learned }]),
    ...(applied.made.length === 0 ? [] : [{ kind: CREATIONS_CHECKPOINT, data: applied.created }]),
    ...reconciled.report,
  ];
  const created = applied.made.length === 0 ? {} : { creations: applied.made.length };
  const output = { states, lore, ...(judgments === null ? {} : { judgments }), ...created };
  const { ledger } = reconciled;
  if (input.closes === null) return { output, checkpoints, ledger, messages };
  const closing: PlayState = { ...state, location: input.closes.location, time: input.closes.time };
  const scene = { reason: input.closes.reason, turn: input.turn, closing, next: state, messages: [], ledger };
  const { boundary } = boundaryRun(store, pack, { ...scene, personaId: store.meta().personaId, npc: learned });
  return { output, checkpoints, ledger, messages, boundary };
}

/** An extractor's `system` message: who wrote what, in its own words. Never shown to a stage or in the prose. */
function systemMessage(who: string, summary: string, count: number, unit: string): NewMessage {
  const written = `${count} ${unit}${count === 1 ? '' : 's'}`;
  return { owner: SYSTEM_OWNER, type: 'system', content: `${who}: ${summary.trim() || 'no summary'} (${written})` };
}

/** The creation's `system` message: what the story brought in, where. */
function createdMessage(made: Made): NewMessage {
  return {
    owner: SYSTEM_OWNER,
    type: 'system',
    content: `Creation: ${made.name} (${made.kind} ${made.id}) — ${made.why}`,
  };
}

/** The run a played turn commits with, when it left extractor steps. */
export function afterTurnRun(input: AfterTurnInput): NewBoundaryRun {
  return { input, steps: [...input.steps.map((step: AfterTurnStep) => step.name), APPLY_STEP] };
}
