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
  type TriggerIndex,
} from '../../events/index.ts';
import type { StoryPack } from '../../pack/index.ts';
import type { StreamEntry } from '../../stream/index.ts';
import { startWorld, type LogEntry, type World } from '../../world/index.ts';
import type { PlayState } from '../play-state.ts';
import { charactersPresent } from '../prompt-view.ts';
import type { TurnContext } from '../turn-context.ts';
import type { EventState } from './event-state.ts';
import { cascadeWithGates, landscapeNow, sceneIdAt, type LandscapeEvaluation } from '../../storykeeper/index.ts';
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
  /** The Narrator's guidance from the classification; its retrieved tier is the turn's next step (narratorContext). */
  readonly guidance: Omit<NarratorGuidance, 'retrieved'>;
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
  /** The directives the Narrator answers now: those left from before, the scene's, and this turn's cascades'. */
  readonly directives: readonly Directive[];
  /**
   * The gates the Narrator must hear as mandatory: revealed after its last call (a Stage 4 answer at the end of the
   * previous turn), or in this turn.
   */
  readonly unheard: readonly string[];
  readonly events: EventState;
  /**
   * The event runtime after this turn: its own truth set and triggers, the new landscape and sensitivity map. The
   * session keeps it once the turn has committed; the runtime classification was given is left as it was.
   */
  readonly runtime: EventRuntime & { readonly landscape: LandscapeEvaluation };
}

/**
 * ARCHITECTURE §3 step 2. Scene and cast events and Stage 2's factual events enter the truth set first and Tier 1
 * triggers resolve; then Stage 3's provisional judgments enter and Tier 2 triggers run with provisional confidence.
 * A refused action stops there: nothing happened, so nothing is interpreted. Pure in what it is given: the cascades
 * run on a copy of the runtime's truth set and triggers, returned with the new landscape and sensitivity map.
 */
export function classifyTurn(context: ClassifyContext, request: ClassifyRequest): Classification {
  const { events } = request;
  const before = request.runtime;
  const truth = before.truth.clone();
  const triggers = before.triggers.clone();
  const { state, buffer, pack, personaId } = context;
  const turn = buffer.turn;
  const location = state.location;
  const present = charactersPresent(pack, state).map((character) => character.id);
  // Each weighing is noted in the event state, so a reload or a fork weighs exactly the same (see weighedLandscape).
  let weighing = events.landscape ?? null;
  const weigh = (): LandscapeEvaluation => {
    weighing = { turn, location, lastSeq: truth.lastSeq };
    return landscapeNow(pack, { truth, turn, location, persona: personaId });
  };
  const entering = request.opened || (events.location ?? events.sceneId) !== location;
  let landscape = entering || before.landscape === null ? weigh() : before.landscape;
  const sceneId = entering ? sceneIdAt(landscape, location) : events.sceneId;
  const scene = sceneStep(events, { location, sceneId }, present, request.opened);
  const refreshed: string[] = scene.entered ? ['scene entry'] : scene.castChanged ? ['cast change'] : [];
  const map = refreshed.length > 0 ? sensitivityMapOf(pack, triggers, truth, present) : before.sensitivity;

  const synced =
    events.world === null
      ? null
      : syncAgents(startWorld(events.world, { turn, phase: 'turn' }), agentPositions(state, personaId), state.time);
  const whisperTo = request.whisperTo === null ? {} : { whisperTo: request.whisperTo };
  const text = request.intention.content;
  const parse = withImpliedMove(parseStructure(text, before.lexicon, { present, ...whisperTo }), pack, location, text);
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
        truth,
        triggers,
        turn,
        firstSeq,
        records,
        elapsed,
        minConfidence: pack.manifest.tuning.minConfidence,
        limits: cascadeLimitsOf(pack),
        monotonic: () => context.clock.monotonic(),
      },
      before.graph,
      { sceneId, present },
    );
  // The turn, the clock and the world moved on since the last one: the truth set reads the world's facts (places,
  // states, flags, time) from the world, and what they alone changed is evaluated in the first cascade.
  const clock = worldFactRecords(pack, truth, synced?.state ?? null, state.time, personaId);
  const tier1 = cascade([...scene.records, ...clock, ...facts.records], events.nextSeq, true);
  const judgments =
    facts.violation === null ? matchSensitivity(map, parse, { turn, sceneId, idPrefix: `t${turn}` }) : [];
  const tier2 = cascade(
    judgments.map((judgment) => ({ kind: 'judgment', judgment })),
    tier1.results.at(-1)?.nextSeq ?? events.nextSeq,
  );
  const cascades = [...tier1.results, ...tier2.results];
  const opened = [...tier1.opened, ...tier2.opened];
  const reasons = [...refreshReasons(cascades), ...(opened.length > 0 ? ['gate opened'] : [])];
  refreshed.push(...reasons);
  const sensitivity = reasons.length > 0 ? sensitivityMapOf(pack, triggers, truth, present) : map;
  // The landscape moved with the scene's own events, a gate opened or a fact was revealed: weigh it again.
  const revealed = cascades.some((c) =>
    c.applied.some((entry) => entry.record.kind === 'event' && entry.record.event.type === 'InformationRevealed'),
  );
  if (scene.entered || opened.length > 0 || revealed) landscape = weigh();
  const world = commitWorldFacts(
    facts.world,
    cascades.flatMap((c) => c.applied),
  );
  const directives: Directive[] = [...events.directives, ...scene.directives, ...cascades.flatMap((c) => c.directives)];
  const deferred: DeferredEvent[] = [...scene.deferred, ...cascades.flatMap((c) => c.deferred)];
  return {
    parse,
    violation: facts.violation,
    guidance: {
      ...narratorGuidance(pack, facts.violation, directives),
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
    directives,
    unheard: [...before.unnarrated, ...opened],
    events: {
      world: world?.state ?? null,
      sceneId,
      location,
      present,
      fired: triggers.firedTurns(),
      removed: removedTriggers(pack, triggers),
      deferred,
      directives: [],
      nextSeq: tier2.results.at(-1)?.nextSeq ?? events.nextSeq,
      landscape: weighing,
    },
    // The unnarrated gates are told by this turn's Narrator call (see narratorContext).
    runtime: { ...before, truth, triggers, sensitivity, landscape, unnarrated: new Set() },
  };
}

function agentPositions(state: PlayState, personaId: string): Record<string, string> {
  return { ...state.positions, [personaId]: state.location };
}

/** Subscriptions of the pack no longer active: fired OneShots and UntilConditions whose condition came true. */
function removedTriggers(pack: StoryPack, triggers: TriggerIndex): string[] {
  return pack.triggers.map((s) => s.id).filter((id) => !triggers.has(id));
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
