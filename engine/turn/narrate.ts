import { repairMessages, type LlmMessage } from '../llm/index.ts';
import type { StreamEntry, StreamMeta } from '../stream/index.ts';
import { pendingId } from './append.ts';
import { narrationStream, type NarrationStream } from './narration-stream.ts';
import { NARRATOR_OWNER } from '../stream/index.ts';
import { callStageObject, callStageText } from './call-stage.ts';
import {
  beatScriptSchemaFor,
  type Beat,
  type BeatScript,
  type CreationOffer,
  type CreationRequest,
  type NarratorImportanceFlags,
} from './outputs.ts';
import { charactersPresent, displayName } from './prompt-view.ts';
import { renderStage } from './render-stage.ts';
import { dialogProblem, findSpeech, spokenOnly, spokenWordsStream } from './speech-check.ts';
import { StageFailure } from './stage-failure.ts';
import { withMemories, type TurnContext } from './turn-context.ts';
import { NO_GUIDANCE, type NarratorGuidance } from './classify/guidance.ts';
import { findCharacter } from '../pack/index.ts';
import { tidyChoices } from './choices.ts';

export interface Resolution {
  /** The intention being resolved (already in the buffer). */
  readonly intention: StreamEntry;
  readonly roundStartSeq: number;
  readonly whisperTo?: string;
  readonly silence: boolean;
  /** From classification: a refusal to render, directions from fired triggers. */
  readonly guidance?: NarratorGuidance;
  /** At a scene opening: the characters whose tier the Narrator may ask to change (its importance_flags). */
  readonly flaggable?: readonly string[];
  /**
   * Who perceives the actor's doing, as the world decides (light, line of sight, hearing); left out for a pack without
   * a world, where everyone present witnesses it.
   */
  readonly perceivedBy?: readonly string[];
  /** What the call may create, when the pack allows it (the persona's call only; its guidance says how). */
  readonly creation?: CreationOffer;
}

/** What a beat script leaves besides its prose: a scene opening's importance_flags, the player's choices, creations. */
export interface NarratorExtras {
  readonly importanceFlags: NarratorImportanceFlags | null;
  readonly choices: readonly string[];
  /** The people, places and things the Narrator asked to bring in (only when its call was offered creation). */
  readonly creations: readonly CreationRequest[];
}

/**
 * Resolves one intention: the Narrator writes a beat script, which is expanded in order — narration beats appended
 * as they are, each cue answered by one Character Dialog call that sees everything appended before it. Returns the
 * script's importance_flags, which only a scene opening's script may carry, and the choices it offered.
 */
export async function resolveIntention(context: TurnContext, resolution: Resolution): Promise<NarratorExtras> {
  const { script, shown } = await writeBeatScript(context, resolution);
  const heard = witnesses(context, resolution);
  shown.keepLeading(script.beats.findIndex((beat) => beat.type !== 'narration'));
  for (const [index, beat] of script.beats.entries()) {
    if (beat.type === 'narration')
      shown.append(index, { owner: NARRATOR_OWNER, type: 'narration', content: beat.content.trim(), meta: heard });
    else await speak(context, resolution, beat, heard);
  }
  const choices = offersChoices(resolution) ? tidyChoices(script.choices) : [];
  const creations = resolution.creation === undefined ? [] : (script.create ?? []);
  return { importanceFlags: script.importance_flags ?? null, choices, creations };
}

/** The call that writes the turn's last prose is asked for choices (its guidance says how); no other call is. */
function offersChoices(resolution: Resolution): boolean {
  return resolution.guidance?.choices !== undefined;
}

/** Who sees what this resolution adds to the stream: who perceives it, or only the two sides of a whisper. */
function witnesses(context: TurnContext, resolution: Resolution): StreamMeta {
  if (resolution.whisperTo !== undefined)
    return { kind: 'heard', by: [context.personaId, resolution.whisperTo], whispered: true };
  const present = charactersPresent(context.pack, context.state).map((character) => character.id);
  const everyone = [...new Set([context.personaId, ...present])];
  const { perceivedBy } = resolution;
  if (perceivedBy === undefined) return { kind: 'heard', by: everyone };
  // The persona reads the whole story and the actor knows what it did; of the rest, only who perceived it.
  const perceives = new Set([context.personaId, resolution.intention.owner, ...perceivedBy]);
  const near = everyone.filter((id) => perceives.has(id));
  return { kind: 'heard', by: [...near, ...perceivedBy.filter((id) => !near.includes(id))] };
}

/** The accepted beat script, and its leading narration as the player has already been shown it. */
interface WrittenScript {
  readonly script: BeatScript;
  readonly shown: NarrationStream;
}

/** The Narrator's prompt for one resolution: the turn's view so far, its guidance, the intention last. */
export function narratorPrompt(context: TurnContext, resolution: Resolution): LlmMessage[] {
  const { intention } = resolution;
  const whisper =
    resolution.whisperTo === undefined
      ? {}
      : { whisper_to: displayName(context.pack, context.personaId, resolution.whisperTo) };
  const view = {
    stage: 'narrator',
    principal: NARRATOR_OWNER,
    roundStartSeq: resolution.roundStartSeq,
    resolving: intention,
  } as const;
  return renderStage(context, view, {
    intention: {
      owner_name: displayName(context.pack, context.personaId, intention.owner),
      content: intention.content,
      ...whisper,
    },
    guidance: { silence: resolution.silence, ...(resolution.guidance ?? NO_GUIDANCE) },
  });
}

/**
 * A beat script opens on narration, the Narrator setting the moment before anyone speaks; a local model is handed this
 * opening with the prompt (see LlmObjectRequest.replyOpening), so its first token is already prose the player sees.
 */
export const NARRATION_FIRST = '{"beats": [{"type": "narration", "content": "';

async function writeBeatScript(context: TurnContext, resolution: Resolution): Promise<WrittenScript> {
  const messages = narratorPrompt(context, resolution);
  const temperature = context.pack.manifest.tuning.narratorTemperature;
  // A refused action involves no character: the Narrator renders it alone.
  const refused = (resolution.guidance?.constraint ?? '') !== '';
  const cueable = refused ? [] : charactersPresent(context.pack, context.state).map((character) => character.id);
  const creation = refused ? null : (resolution.creation ?? null);
  const schema = beatScriptSchemaFor(cueable, resolution.flaggable, offersChoices(resolution), creation);
  const call = (prompt: readonly LlmMessage[], shown: NarrationStream) =>
    callStageObject(context, {
      stage: 'narrator',
      principal: NARRATOR_OWNER,
      messages: prompt,
      schema,
      schemaName: 'beat_script',
      replyOpening: NARRATION_FIRST,
      maxTokens: 1200,
      onTextDelta: shown.onTextDelta,
      ...(temperature === undefined ? {} : { temperature }),
    });
  const firstShown = narrationStream(context);
  const first = await call(messages, firstShown);
  const problem = scriptProblem(context, first.value);
  if (problem === null) return { script: normalizeCues(context, first.value), shown: firstShown };
  // One repair retry: tell the Narrator what was wrong with its script; what the rejected one showed is taken back.
  firstShown.withdrawAll();
  const secondShown = narrationStream(context);
  const second = await call(repairMessages(messages, first.text, problem), secondShown);
  const remaining = scriptProblem(context, second.value);
  if (remaining !== null) throw new StageFailure('narrator', NARRATOR_OWNER, `${remaining} (after one repair attempt)`);
  return { script: normalizeCues(context, second.value), shown: secondShown };
}

/** Speech in a narration beat, or a cue for someone not in the scene, makes a script unusable. */
function scriptProblem(context: TurnContext, script: BeatScript): string | null {
  for (const [index, beat] of script.beats.entries()) {
    if (beat.type === 'narration') {
      const speech = findSpeech(beat.content);
      if (speech !== null) {
        return `narration beat ${index + 1} contains spoken words (${speech}); every spoken line must be a cue beat`;
      }
    } else if (resolveSpeaker(context, beat.character) === null) {
      const ids = charactersPresent(context.pack, context.state).map((character) => character.id);
      return `cue beat ${index + 1} names "${beat.character}", who is not in the scene; use one of: ${ids.join(', ') || '(nobody else is here)'}`;
    }
  }
  return null;
}

/** Accepts a cue naming a present character by id, name or alias; maps it to the id. */
function resolveSpeaker(context: TurnContext, reference: string): string | null {
  return findCharacter(charactersPresent(context.pack, context.state), reference)?.id ?? null;
}

/** Dialog cues per beat script when the pack's tuning does not say: each is one Character Dialog call, in a row. */
export const DEFAULT_CUES_PER_SCRIPT = 4;

/** Cues name their speaker by id; cues past the pack's cap are dropped (the narration around them stays). */
function normalizeCues(context: TurnContext, script: BeatScript): BeatScript {
  const cap = context.pack.manifest.tuning.cuesPerScript ?? DEFAULT_CUES_PER_SCRIPT;
  let cues = 0;
  const beats = script.beats.flatMap((beat): Beat[] => {
    if (beat.type === 'narration') return [beat];
    cues += 1;
    return cues > cap ? [] : [{ ...beat, character: resolveSpeaker(context, beat.character) ?? beat.character }];
  });
  return { ...script, beats };
}

async function speak(
  turn: TurnContext,
  resolution: Resolution,
  cue: Extract<Beat, { type: 'cue' }>,
  heard: StreamMeta,
): Promise<void> {
  const context = await withMemories(turn);
  const speaker = cue.character;
  const view = {
    stage: 'character_dialog',
    principal: speaker,
    roundStartSeq: resolution.roundStartSeq,
    character: speaker,
  } as const;
  const prompt = renderStage(context, view, { cue: { mood: cue.mood, context: cue.context } });
  const seq = context.buffer.nextSeq();
  const id = pendingId({ turn: context.buffer.turn, seq });
  context.emit({
    type: 'message.pending',
    saveId: context.saveId,
    turn: context.buffer.turn,
    pendingId: id,
    owner: speaker,
    messageType: 'dialog',
    mood: cue.mood,
  });
  const name = displayName(context.pack, context.personaId, speaker);
  const say = async (): Promise<string> => {
    const words = spokenWordsStream(name, (delta) =>
      context.emit({ type: 'message.delta', saveId: context.saveId, pendingId: id, delta }),
    );
    await callStageText(context, {
      stage: 'character_dialog',
      principal: speaker,
      messages: prompt,
      maxTokens: 160,
      onTextDelta: (delta) => words.push(delta),
    });
    return words.finish();
  };

  // An empty reply gets one more try (its stream showed nothing, so nothing needs withdrawing).
  const first = (await say()) || (await say());
  if (first.length === 0) throw new StageFailure('character_dialog', speaker, 'the reply held no spoken words (twice)');
  const words = await spokenWords(context, { speaker, name, prompt }, first);
  context.buffer.append({ owner: speaker, type: 'dialog', content: words, mood: cue.mood, meta: heard });
}

/**
 * Dialog holds spoken words only (pipeline-rules.md). A reply with attribution or stage directions gets one repair
 * retry, told what was wrong (not streamed: the commit replaces what the first reply showed); if the repair still
 * carries them, they are cut away, and a reply with nothing spoken left fails the stage.
 */
async function spokenWords(
  context: TurnContext,
  call: { readonly speaker: string; readonly name: string; readonly prompt: readonly LlmMessage[] },
  reply: string,
): Promise<string> {
  const problem = dialogProblem(reply, call.name);
  if (problem === null) return reply;
  const note = `Your reply ${problem}. Reply with ${call.name}'s spoken words only: no quotation marks, no "she said", no actions.`;
  const repaired = await callStageText(context, {
    stage: 'character_dialog',
    principal: call.speaker,
    messages: repairMessages(call.prompt, reply, note),
    maxTokens: 160,
  });
  const words = spokenWordsStream(call.name, () => undefined);
  words.push(repaired.text);
  const again = words.finish();
  if (again.length > 0 && dialogProblem(again, call.name) === null) return again;
  const cut = spokenOnly(again || reply, call.name);
  if (cut.length === 0 || dialogProblem(cut, call.name) !== null)
    throw new StageFailure('character_dialog', call.speaker, `the reply ${problem} (after one repair attempt)`);
  return cut;
}
