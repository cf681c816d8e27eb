import type { SceneOpeningBrief, TierRoster } from '../npc/index.ts';
import type { RngState } from '../platform/index.ts';
import type { NewStageCall } from '../store/index.ts';
import { TurnBuffer, type StreamEntry } from '../stream/index.ts';
import { activateNpcs } from './activation.ts';
import {
  classifyPersonaInput,
  finishTurnEvents,
  type Classified,
  type EventTurnInput,
  type EventTurnOutput,
} from './classify/index.ts';
import { loreStep, stateStep, type AfterTurnStep } from './extract.ts';
import { judgeNpcIntention, settleWorld } from './classify/npc-world.ts';
import { appendWhole } from './append.ts';
import { NO_GUIDANCE } from './classify/guidance.ts';
import { flaggableCharacters, importanceBrief } from './importance-flags.ts';
import { resolveIntention, type NarratorExtras } from './narrate.ts';
import type { CreationOffer, NarratorImportanceFlags } from './outputs.ts';
import { choicesBrief } from './choices.ts';
import {
  appendIntent,
  intentionCandidate,
  npcIntent,
  personaIntent,
  prepareNpcIntent,
  type PreparedIntent,
} from './npc-intent.ts';
import { creationBrief } from './creation/offer.ts';
import { creationSteps } from './creation/step.ts';
import { opensScene, withoutOpening, withSceneCast, type PlayState } from './play-state.ts';
import { charactersPresent, displayName } from './prompt-view.ts';
import { markerMessages } from './scene-markers.ts';
import { narratorRetrieval } from './narrator-retrieval.ts';
import { standingRetrieval } from './standing-retrieval.ts';
import type { TurnContext } from './turn-context.ts';
import { addMinutes } from './world-time.ts';
import { surroundingsLine } from './surroundings.ts';

export interface TurnInput {
  /** Empty with `auto`: the persona decides (Persona Intent). */
  readonly intention: string;
  /** Auto-play: the Persona Intent stage writes the persona's thought and intention. */
  readonly auto?: boolean;
  readonly thought: string | null;
  /** A whispered intention: meant for this character alone. */
  readonly whisperTo?: string;
}

export interface TurnOutcome {
  readonly messages: readonly StreamEntry[];
  readonly state: PlayState;
  readonly stageLog: readonly NewStageCall[];
  readonly rngState: RngState;
  readonly events: EventTurnOutput;
  /** The scene opening's importance_flags, as the Narrator wrote them (null on other turns, or when it had none). */
  readonly importanceFlags: NarratorImportanceFlags | null;
  /** The player's suggested next actions, offered after the turn's last prose (none when not asked or not given). */
  readonly choices: readonly string[];
  /** The extractors, rendered in their rounds (in round order), and Stage 4: to run after the prose has committed. */
  readonly afterTurn: readonly AfterTurnStep[];
}

export type TurnSetup = Omit<TurnContext, 'buffer' | 'stageLog'> & {
  readonly turn: number;
  readonly history: readonly StreamEntry[];
  readonly events: EventTurnInput;
  /** The Narrator's brief when this turn opens a scene (see sceneOpeningFor). */
  readonly opening?: SceneOpeningBrief;
  /** The characters' tiers as the turn starts: at a scene opening the Narrator may ask to change them. */
  readonly roster?: TierRoster | null;
  /** The Narrator may offer the player suggested next actions after the turn's last prose (see choices.ts). */
  readonly offerChoices?: boolean;
  /** What the persona's Narrator call may create (creation/offer.ts); absent or null: nothing. */
  readonly creation?: CreationOffer | null;
};

/**
 * One turn (ARCHITECTURE §3): scene markers, classification of the persona's intention (event system), the persona's
 * round, then each activated NPC's round. Nothing is written anywhere: the outcome is committed by the caller in one
 * transaction, or dropped on failure. The extractors are not called here: each round leaves them as after-turn steps.
 */
export async function runTurn(setup: TurnSetup, input: TurnInput, stageLog: NewStageCall[] = []): Promise<TurnOutcome> {
  const { context, opened } = beginTurn(setup, stageLog);
  const { buffer } = context;
  const afterTurn: AfterTurnStep[] = [];
  // Tier 3 as it stood before the input, which the warm-up evaluated (see standingRetrieval).
  const standing = standingRetrieval(context, setup.events, opened);

  // The persona's round, after classification: Tier 1 resolved before any LLM stage reads the turn.
  const personaRound = buffer.nextSeq();
  const intention = input.auto === true ? await personaIntent(context) : appendPlayerInput(context, input);
  const classified = classifyPersonaInput(context, setup.events, {
    intention,
    opened,
    whisperTo: input.whisperTo ?? null,
  });
  // The Storykeeper's step: the Narrator's retrieved tier, from what classification decided.
  const retrieval = narratorRetrieval(context, classified.classification, intention);
  const retrieved = retrieval.lines.join('\n');
  const refused = classified.classification.violation !== null;
  // Who may react: those in the scene who perceive the persona's doing, as the world decides (all of them without one).
  const { perceivedBy } = classified.classification;
  const activation = activate(context, (id) => perceivedBy === null || perceivedBy.includes(id));
  const whisper = input.whisperTo === undefined ? {} : { whisperTo: input.whisperTo };
  const { flaggable, ...opening } = openingGuidance(setup, opened);
  const lastActor = refused ? context.personaId : (activation.active.at(-1) ?? context.personaId);
  const { choicesFor, offer, creation } = turnBriefs(setup, context, refused, lastActor);
  const resolution = {
    intention,
    roundStartSeq: personaRound,
    silence: !refused && activation.silence,
    guidance: {
      ...classified.classification.guidance,
      retrieved,
      standing,
      rounds: !refused && activation.active.length > 0,
      ...surroundingsOf(setup, classified.classification),
      ...opening,
      ...choicesFor(context.personaId),
      ...creation,
    },
    flaggable,
    ...(offer === null ? {} : { creation: offer }),
    ...whisper,
    ...(perceivedBy === null ? {} : { perceivedBy }),
  };
  // tuning.prepareIntents: the first character to act decides while the Narrator writes the persona's round.
  const first = activation.active[0];
  const prepared =
    refused || first === undefined || context.pack.manifest.tuning.prepareIntents !== true
      ? null
      : prepareNpcIntent(context, first);
  // A refused action changes nothing: no extractor, no character stage, no NPC round.
  const persona = refused
    ? await resolveIntention(context, resolution)
    : await round(context, context.personaId, resolution, afterTurn);
  let choices = persona.choices;

  // Each activated NPC in order: intent, then its own round. The Narrator keeps the turn's retrieved tier (Tier 3);
  // the refusal and the fired triggers' directions were for the persona's intention alone.
  const guidance = { ...NO_GUIDANCE, retrieved, standing, rounds: true };
  // Each intention is judged by the world as the persona's was: a refused one is told as what could not happen.
  let world = classified.classification.world;
  for (const characterId of refused ? [] : activation.active) {
    const roundStartSeq = buffer.nextSeq();
    const npcIntention =
      prepared?.characterId === characterId
        ? await preparedIntention(context, prepared, (candidate) =>
            judgeNpcIntention(context, setup.events.runtime.lexicon, world, candidate),
          )
        : await npcIntent(context, characterId);
    const judged = judgeNpcIntention(context, setup.events.runtime.lexicon, world, npcIntention);
    world = judged.world;
    const perceived = judged.perceivedBy === undefined ? {} : { perceivedBy: judged.perceivedBy };
    const npcGuidance = { ...guidance, ...choicesFor(characterId) };
    const resolving = { intention: npcIntention, roundStartSeq, silence: false, guidance: npcGuidance, ...perceived };
    const resolved =
      judged.refusal === null
        ? await round(context, characterId, resolving, afterTurn)
        : await resolveIntention(context, { ...resolving, guidance: { ...npcGuidance, constraint: judged.refusal } });
    if (resolved.choices.length > 0) choices = resolved.choices;
  }

  // The creations run after the prose, beside the extractors; the after-turn work applies them.
  afterTurn.push(...creationSteps(context, persona.creations));

  const moved = refused ? null : movement(context, classified.classification.destination);
  const movedState = moved === null ? context.state : moveTo(context.state, context.personaId, moved.to, moved.minutes);
  const settled = settleWorld(world, movedState, context.personaId);
  const finalState = settled.state;
  const events = finishTurnEvents(context, classified, retrieval.report, settled.world);
  return {
    messages: buffer.pending(),
    state: finalState,
    stageLog,
    rngState: context.rng.state(),
    events,
    importanceFlags: persona.importanceFlags,
    choices,
    // Stage 4 runs with the extractors, after the prose; the run's apply step reconciles it.
    afterTurn: classified.interpret === null ? afterTurn : [...afterTurn, classified.interpret],
  };
}

/**
 * A prepared intention is judged by the world as it is when its round comes: it holds and is appended as decided, or
 * the character decides again on the story as it now stands (the turn's stage log then holds both NPC Intent calls).
 */
async function preparedIntention(
  context: TurnContext,
  prepared: PreparedIntent,
  judge: (candidate: StreamEntry) => { readonly refusal: string | null },
): Promise<StreamEntry> {
  const intent = await prepared.decision;
  const held = judge(intentionCandidate(context, prepared.characterId, intent)).refusal === null;
  return held ? appendIntent(context, prepared.characterId, intent) : npcIntent(context, prepared.characterId);
}

/** The weather and the light in the persona's round, when they matter this turn (see surroundingsLine). */
function surroundingsOf(setup: TurnSetup, classification: Classified['classification']): { surroundings?: string } {
  const line = surroundingsLine(classification.world, {
    boundaryLog: setup.events.state.boundaryLog ?? [],
    personaId: setup.personaId,
    entered: classification.sceneEntered,
  });
  return line === '' ? {} : { surroundings: line };
}

/** The persona's move, as classification judged it (a verb it did not know included): never the words alone. */
function movement(context: TurnContext, destination: string | null) {
  const here = context.pack.locations.find((location) => location.id === context.state.location);
  const connection = here?.connections.find((candidate) => candidate.to === destination);
  return connection === undefined ? null : { to: connection.to, minutes: connection.travelMinutes ?? 5 };
}

/**
 * A turn's first step, before any input is read: the scene's pending markers are written, and the scene's cast is
 * the state's. `opened`: this turn opens a scene.
 */
export function beginTurn(
  setup: Omit<TurnSetup, 'events'>,
  stageLog: NewStageCall[],
): { context: TurnContext; opened: boolean } {
  const context: TurnContext = { ...setup, buffer: new TurnBuffer(setup.turn, setup.history), stageLog };
  const opened = opensScene(context.state);
  for (const marker of markerMessages(context.pack, context.state)) appendWhole(context, marker);
  return {
    context: withState(context, withSceneCast(withoutOpening({ ...context.state, pendingMarkers: [] }))),
    opened,
  };
}

/** Who acts after the persona this turn (the pack's character rounds, chosen by chattiness, of those who perceive it). */
export function activate(
  context: TurnContext,
  perceives?: (characterId: string) => boolean,
): ReturnType<typeof activateNpcs> {
  const roster = charactersPresent(context.pack, context.state);
  return activateNpcs(roster, context.rng, context.pack.manifest.tuning.characterRounds, perceives);
}

/**
 * The briefs a turn's Narrator calls carry beside the input's own guidance, which the input changes only by being
 * refused or by who it moves to act: choices for the call that writes the turn's last prose (the player reads it
 * last), and creation for the persona's call alone (it answers what the intention asked of the world).
 */
export function turnBriefs(
  setup: Pick<TurnSetup, 'offerChoices' | 'creation'>,
  context: TurnContext,
  refused: boolean,
  lastActor: string,
) {
  const playerName = displayName(context.pack, context.personaId, context.personaId);
  const choicesFor = (actor: string): { choices?: string } =>
    setup.offerChoices === true && actor === lastActor ? { choices: choicesBrief(playerName) } : {};
  const offer = refused ? null : (setup.creation ?? null);
  const creation: { creation?: string } = offer === null ? {} : { creation: creationBrief(context.pack, offer) };
  return { choicesFor, offer, creation };
}

/**
 * What the first Narrator call of a scene is told besides the turn's own guidance: the opening brief, and which
 * characters' tiers it may flag (with the brief for that); nothing on other turns.
 */
export function openingGuidance(
  setup: Pick<TurnSetup, 'opening' | 'roster'>,
  opened: boolean,
): { readonly opening?: string; readonly importance?: string; readonly flaggable: readonly string[] } {
  const opening = opened && setup.opening !== undefined ? { opening: setup.opening.text } : {};
  const tiers = opened ? (setup.roster ?? null) : null;
  const flaggable = flaggableCharacters(tiers);
  const importance = tiers === null || flaggable.length === 0 ? {} : { importance: importanceBrief(tiers) };
  return { ...opening, ...importance, flaggable };
}

function appendPlayerInput(context: TurnContext, input: TurnInput): StreamEntry {
  if (input.thought !== null)
    appendWhole(context, { owner: context.personaId, type: 'thought', content: input.thought });
  const whisperMeta =
    input.whisperTo === undefined ? {} : { meta: { kind: 'whisper' as const, target: input.whisperTo } };
  return appendWhole(context, {
    owner: context.personaId,
    type: 'intention',
    content: input.intention,
    ...whisperMeta,
  });
}

/**
 * One actor's round: its state extractor is rendered on the view before the round, the Narrator's script is expanded,
 * then the round's Lore Extractor is rendered on what it added (when the world witnessed any of it). Both extractors
 * become after-turn steps. Returns what the Narrator's script left besides its prose (see NarratorExtras).
 */
async function round(
  context: TurnContext,
  actor: string,
  resolution: Parameters<typeof resolveIntention>[1],
  afterTurn: AfterTurnStep[],
): Promise<NarratorExtras> {
  // Each round leaves one state step: the number of this one follows.
  const number = afterTurn.filter((step) => step.stage !== 'lore_extractor').length + 1;
  afterTurn.push(stateStep(context, actor, resolution.roundStartSeq, number));
  const extras = await resolveIntention(context, resolution);
  // A round whispered whole leaves the world nothing to learn: no Lore Extractor on an empty passage.
  const lore = loreStep(context, resolution.roundStartSeq, number);
  if (lore !== null) afterTurn.push(lore);
  return extras;
}

function withState(context: TurnContext, state: PlayState): TurnContext {
  return { ...context, state };
}

/** The persona arrives next turn: the scene marker and the new roster take effect then. */
function moveTo(state: PlayState, personaId: string, to: string, minutes: number): PlayState {
  return {
    ...state,
    location: to,
    time: addMinutes(state.time, minutes),
    positions: { ...state.positions, [personaId]: to },
    pendingMarkers: [...state.pendingMarkers, { marker: 'location_change', from: state.location, to }],
  };
}
