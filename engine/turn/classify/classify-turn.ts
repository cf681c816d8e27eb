import {
  matchSensitivity,
  parseStructure,
  type CascadeResult,
  type DeferredEvent,
  type Directive,
  type InterpretiveJudgment,
  type LedgerEntry,
  type SensitivityMap,
  type LedgerRecord,
  type StructuralParse,
} from '../../events/index.ts';
import type { LandscapeEvaluation } from '../../storykeeper/index.ts';
import { NARRATOR_OWNER, type StreamEntry, type ViewRequest } from '../../stream/index.ts';
import { startWorld, type LogEntry, type World } from '../../world/index.ts';
import type { PlayState } from '../play-state.ts';
import { charactersPresent } from '../prompt-view.ts';
import type { TurnContext } from '../turn-context.ts';
import type { EventState } from './event-state.ts';
import {
  cascadeWithGates,
  configOf,
  landscapeNow,
  loreOfView,
  retrievedContext,
  sceneIdAt,
  type ContextReport,
} from '../storykeeper/index.ts';
import { narratorGuidance, type NarratorGuidance } from './guidance.ts';
import { understoodActions } from './understood.ts';
import { cascadeLimitsOf, sensitivityMapOf, type EventRuntime } from './runtime.ts';
import { sceneStep } from './scene-step.ts';
import { classifyFacts, commitWorldFacts, syncAgents, type Violation } from './world-step.ts';
import { exitsOf, withImpliedMove } from './implied-move.ts';
import { volumeOf } from './volume.ts';
import { perceiversOf } from './npc-world.ts';
import { worldFactRecords } from './world-facts.ts';

/** What classification reads of the turn: no LLM, no stream writes. */
export type ClassifyContext = Pick<TurnContext, 'pack' | 'personaId' | 'state' | 'buffer' | 'clock'>;

export interface ClassifyRequest {
  readonly runtime: EventRuntime;
  readonly events: EventState;
  readonly intention: StreamEntry;
  readonly whisperTo: string | null;
  /** A scene_open marker was written at the start of this turn. */
  readonly opened: boolean;
}

/** Everything stages 1–3 and the Tier 1/2 cascades decided, before any LLM stage runs. */
export interface Classification {
  readonly parse: StructuralParse;
  readonly violation: Violation | null;
  readonly guidance: NarratorGuidance;
  readonly judgments: readonly InterpretiveJudgment[];
  readonly cascades: readonly CascadeResult[];
  readonly ledger: readonly LedgerEntry[];
  /** The world after the persona's intention, with this turn's log so far: the NPC rounds act on it next. */
  readonly world: World | null;
  /** Who perceives the persona's doing, as the world decides (null: the pack has no world). */
  readonly perceivedBy: readonly string[] | null;
  readonly worldLog: readonly LogEntry[];
  readonly destination: string | null;
  readonly sceneEntered: boolean;
  /** Why the sensitivity map was rebuilt this turn (empty: it was not). */
  readonly refreshed: readonly string[];
  /** The sensitivity map Stage 3 matched against. */
  readonly map: SensitivityMap;
  /** Information gates that opened this turn. */
  readonly opened: readonly string[];
  /** How the Narrator's retrieved tier was chosen. */
  readonly context: ContextReport;
  readonly events: EventState;
}

/**
 * ARCHITECTURE §3 step 2. Scene and cast events and Stage 2's factual events enter the truth set first and Tier 1
 * triggers resolve; then Stage 3's provisional judgments enter and Tier 2 triggers run with provisional confidence.
 * A refused action stops there: nothing happened, so nothing is interpreted.
 */
/** What the Narrator will see when it resolves this intention. */
function narratorView(intention: StreamEntry): ViewRequest {
  return {
    stage: 'narrator',
    principal: NARRATOR_OWNER,
    cursor: { turn: intention.turn, roundStartSeq: intention.seq },
    resolving: intention,
  };
}

export function classifyTurn(context: ClassifyContext, request: ClassifyRequest): Classification {
  const { runtime, events } = request;
  const { state, buffer, pack, personaId } = context;
  const turn = buffer.turn;
  const location = state.location;
  const present = charactersPresent(pack, state).map((character) => character.id);
  // Each weighing is noted in the event state, so a reload or a fork weighs exactly the same (see weighedLandscape).
  let weighing = events.landscape ?? null;
  const weigh = (): LandscapeEvaluation => {
    weighing = { turn, location, lastSeq: runtime.truth.lastSeq };
    return landscapeNow(pack, { truth: runtime.truth, turn, location, persona: personaId });
  };
  const entering = request.opened || (events.location ?? events.sceneId) !== location;
  if (entering || runtime.landscape === null) runtime.landscape = weigh();
  const sceneId = entering ? sceneIdAt(runtime.landscape, location) : events.sceneId;
  const scene = sceneStep(events, { location, sceneId }, present, request.opened);
  const refreshed: string[] = scene.entered ? ['scene entry'] : scene.castChanged ? ['cast change'] : [];
  if (refreshed.length > 0) runtime.sensitivity = sensitivityMapOf(pack, runtime.triggers, runtime.truth, present);

  const synced =
    events.world === null
      ? null
      : syncAgents(startWorld(events.world, { turn, phase: 'turn' }), agentPositions(state, personaId), state.time);
  const whisperTo = request.whisperTo === null ? {} : { whisperTo: request.whisperTo };
  const text = request.intention.content;
  const parse = withImpliedMove(parseStructure(text, runtime.lexicon, { present, ...whisperTo }), pack, location, text);
  const volume = volumeOf(text, request.whisperTo !== null);
  const perceivedBy = synced === null ? null : perceiversOf(synced.state, personaId, parse, volume, request.whisperTo);
  const facts = classifyFacts({
    parse,
    world: synced,
    personaId,
    location,
    exits: exitsOf(pack, location),
    contentRef: `${turn}:${request.intention.seq}`,
    volume,
  });
  const cascade = (records: readonly LedgerRecord[], firstSeq: number, elapsed = false) =>
    cascadeWithGates(
      {
        truth: runtime.truth,
        triggers: runtime.triggers,
        turn,
        firstSeq,
        records,
        elapsed,
        minConfidence: pack.manifest.tuning.minConfidence,
        limits: cascadeLimitsOf(pack),
        monotonic: () => context.clock.monotonic(),
      },
      runtime.graph,
      { sceneId, present },
    );
  // The turn, the clock and the world moved on since the last one: the truth set reads the world's facts (places,
  // states, flags, time) from the world, and what they alone changed is evaluated in the first cascade.
  const clock = worldFactRecords(pack, runtime.truth, synced?.state ?? null, state.time, personaId);
  const tier1 = cascade([...scene.records, ...clock, ...facts.records], events.nextSeq, true);
  const judgments =
    facts.violation === null
      ? matchSensitivity(runtime.sensitivity, parse, { turn, sceneId, idPrefix: `t${turn}` })
      : [];
  const map = runtime.sensitivity;
  const tier2 = cascade(
    judgments.map((judgment) => ({ kind: 'judgment', judgment })),
    tier1.results.at(-1)?.nextSeq ?? events.nextSeq,
  );
  const cascades = [...tier1.results, ...tier2.results];
  const opened = [...tier1.opened, ...tier2.opened];
  const reasons = [...refreshReasons(cascades), ...(opened.length > 0 ? ['gate opened'] : [])];
  if (reasons.length > 0) {
    runtime.sensitivity = sensitivityMapOf(pack, runtime.triggers, runtime.truth, present);
    refreshed.push(...reasons);
  }
  // The landscape moved with the scene's own events, a gate opened or a fact was revealed: weigh it again.
  const revealed = cascades.some((c) =>
    c.applied.some((entry) => entry.record.kind === 'event' && entry.record.event.type === 'InformationRevealed'),
  );
  if (scene.entered || opened.length > 0 || revealed) runtime.landscape = weigh();
  const world = commitWorldFacts(
    facts.world,
    [...tier1.results, ...tier2.results].flatMap((c) => c.applied),
  );
  const directives: Directive[] = [...events.directives, ...scene.directives, ...cascades.flatMap((c) => c.directives)];
  const deferred: DeferredEvent[] = [...scene.deferred, ...cascades.flatMap((c) => c.deferred)];
  const retrieved = retrievedContext(
    {
      pack,
      graph: runtime.graph,
      truth: runtime.truth,
      minConfidence: pack.manifest.tuning.minConfidence,
      turn,
      landscape: runtime.landscape,
      parse,
      present,
      directives,
      // Revealed after the last Narrator call (a Stage 4 answer at the end of the previous turn), or in this turn.
      opened: [...runtime.unnarrated, ...opened],
      lore: loreOfView(pack, state.lore, buffer.stream(), narratorView(request.intention), personaId),
    },
    configOf(pack),
  );
  runtime.unnarrated.clear();
  return {
    parse,
    violation: facts.violation,
    guidance: {
      ...narratorGuidance(pack, facts.violation, directives),
      retrieved: retrieved.text,
      understood: understoodActions(pack, personaId, facts.records),
    },
    judgments,
    cascades,
    ledger: cascades.flatMap((c) => c.applied),
    world,
    perceivedBy,
    worldLog: world?.log ?? [],
    destination: facts.destination,
    sceneEntered: scene.entered,
    refreshed,
    map,
    opened,
    context: retrieved.report,
    events: {
      world: world?.state ?? null,
      sceneId,
      location,
      present,
      fired: runtime.triggers.firedTurns(),
      removed: removedTriggers(context, runtime),
      deferred,
      directives: [],
      nextSeq: tier2.results.at(-1)?.nextSeq ?? events.nextSeq,
      landscape: weighing,
    },
  };
}

function agentPositions(state: PlayState, personaId: string): Record<string, string> {
  return { ...state.positions, [personaId]: state.location };
}

/** Subscriptions of the pack no longer active: fired OneShots and UntilConditions whose condition came true. */
export function removedTriggers(context: ClassifyContext, runtime: EventRuntime): string[] {
  return context.pack.triggers.map((s) => s.id).filter((id) => !runtime.triggers.has(id));
}

/** event-system.md, Map Refresh: an echo fired, a goal completed, or a subscription went away. */
function refreshReasons(cascades: readonly CascadeResult[]): string[] {
  const reasons = new Set<string>();
  for (const cascade of cascades) {
    if (cascade.directives.some((directive) => directive.kind === 'echo')) reasons.add('echo fired');
    if (cascade.applied.some((entry) => entry.record.kind === 'event' && entry.record.event.type === 'GoalCompleted'))
      reasons.add('goal completed');
    if (cascade.expired.length > 0) reasons.add('subscription expired');
  }
  return [...reasons];
}
