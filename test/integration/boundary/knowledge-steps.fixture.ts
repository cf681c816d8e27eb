import type { BoundaryStepContext, Json, StepStageCall } from '../../../engine/boundary/contract.ts';
import { toJson } from '../../../engine/boundary/json.ts';
import { readBoundaryInput } from '../../../engine/boundary/snapshot.ts';
import { createScriptedProvider, type LlmMessage, type ScriptEntryInput } from '../../../engine/llm/index.ts';
import {
  createTierRoster,
  emptyKnowledgeStore,
  emptySocialGraph,
  recordKnowledge,
  withTie,
  type KnowledgeDraft,
  type KnowledgeStore,
  type SocialGraph,
  type TierRoster,
} from '../../../engine/npc/index.ts';
import type { StoryPack } from '../../../engine/pack/index.ts';
import { PromptBook } from '../../../engine/prompts/index.ts';
import { PERSONA } from '../../support/packs.ts';

export { lanternQuay, PERSONA } from '../../support/packs.ts';
export const KIT = 'kit-wickett';
export const MAGDALEN = 'magdalen-rook';
export const SILAS = 'silas-crane';
export const CLOSED_AT = '1768-09-29T22:10';

/** Marker texts, one per graph and per private message, so a prompt holding one is easy to spot. */
export const TEXT = {
  world: 'WORLD: the Drowned Lantern keeps its shutters up after ten.',
  persona: 'PERSONA: I hid the harbour-office key in my boot.',
  kit: 'KIT-OWN: I saw a boat without lights on the night Pell vanished.',
  magdalen: 'MAGDALEN-OWN: I owe the Collector forty crowns.',
  silas: 'SILAS-OWN: I burned the true log.',
  kitThought: 'KIT-THOUGHT: the stranger has honest hands.',
  magdalenThought: 'MAGDALEN-THOUGHT: he is one of the Board’s men.',
  whisperIntention: 'WHISPER: ask Kit quietly about the boat',
  whisperNarration: 'WHISPERED-NARRATION: Sam leans close and murmurs to Kit about the boat.',
  shared: 'The rain hammers the shutters as the stranger shakes out his coat.',
} as const;

const memory = (text: string): KnowledgeDraft => ({
  kind: 'memory',
  text,
  time: 0,
  salience: 6,
  provenance: { source: 'pack', ref: null },
});

/** Every graph holds one marked entry: the world, the persona, Kit, Magdalen and Silas (who is not in the scene). */
export function seededKnowledge(): KnowledgeStore {
  let store = recordKnowledge(emptyKnowledgeStore(), { kind: 'world' }, [{ ...memory(TEXT.world), kind: 'fact' }]);
  store = recordKnowledge(store, { kind: 'persona' }, [memory(TEXT.persona)]);
  store = recordKnowledge(store, { kind: 'character', id: KIT }, [memory(TEXT.kit)]);
  store = recordKnowledge(store, { kind: 'character', id: MAGDALEN }, [memory(TEXT.magdalen)]);
  return recordKnowledge(store, { kind: 'character', id: SILAS }, [memory(TEXT.silas)]);
}

/** Kit is close to Silas (she runs his errands); Silas is close to Hale; Hale to Mercer. */
export function quaySocialGraph(): SocialGraph {
  let graph = withTie(emptySocialGraph(), KIT, SILAS, 0.9);
  graph = withTie(graph, SILAS, 'ambrose-hale', 0.9);
  graph = withTie(graph, 'ambrose-hale', 'anselm-mercer', 0.9);
  return graph;
}

const everyone = [PERSONA, KIT, MAGDALEN];
const heard = (by: readonly string[]) => ({ kind: 'heard', by: [...by] });

/** The closing scene at the Drowned Lantern: Sam, Kit and Magdalen; one whisper between Sam and Kit; two thoughts. */
export function closingSnapshot(
  options: {
    knowledge?: KnowledgeStore;
    roster?: TierRoster | null;
    relationships?: SocialGraph | null;
    /** Keeps only the transcript lines this says to keep. */
    keep?: (line: { readonly owner: string; readonly type: string; readonly content: string }) => boolean;
  } = {},
): Json {
  const { knowledge = seededKnowledge(), roster = null, relationships = null, keep = () => true } = options;
  const npc = { version: 1, knowledge, roster, relationships, simulation: null, chronicle: null };
  return toJson({
    version: 1,
    turn: 7,
    scene: 2,
    reason: 'scene_close',
    location: 'drowned-lantern',
    time: CLOSED_AT,
    personaId: PERSONA,
    present: everyone,
    states: {},
    deferred: [],
    playState: {},
    transcript: [
      {
        turn: 6,
        seq: 1,
        owner: 'narrator',
        type: 'narration',
        content: TEXT.shared,
        mood: null,
        meta: heard(everyone),
      },
      { turn: 6, seq: 2, owner: KIT, type: 'thought', content: TEXT.kitThought, mood: null, meta: null },
      { turn: 6, seq: 3, owner: MAGDALEN, type: 'thought', content: TEXT.magdalenThought, mood: null, meta: null },
      {
        turn: 7,
        seq: 1,
        owner: PERSONA,
        type: 'intention',
        content: TEXT.whisperIntention,
        mood: null,
        meta: { kind: 'whisper', target: KIT },
      },
      {
        turn: 7,
        seq: 2,
        owner: 'narrator',
        type: 'narration',
        content: TEXT.whisperNarration,
        mood: null,
        meta: heard([PERSONA, KIT]),
      },
    ].filter(keep),
    ledger: [
      {
        seq: 40,
        turn: 7,
        record: {
          kind: 'event',
          event: { type: 'ActionPerformed', actor: 'player', action: 'show the badge to', target: KIT },
        },
      },
    ],
    npc,
  });
}

export function tierRoster(tiers: {
  readonly [id: string]: 'arc_important' | 'significant' | 'background';
}): TierRoster {
  const created = createTierRoster(Object.entries(tiers).map(([id, tier]) => ({ id, tier })));
  if (!created.ok) throw new Error('roster over its cap');
  return created.roster;
}

export type RecordedCall = { readonly principal: string; readonly prompt: string };

/** A step context over the scripted provider (the one allowed fake at the LLM boundary), recording every prompt. */
export async function stepContext(
  pack: StoryPack,
  input: Json,
  script: readonly ScriptEntryInput[],
  outputs: BoundaryStepContext['outputs'] = {},
): Promise<{ context: BoundaryStepContext; calls: RecordedCall[]; assertExhausted: () => void }> {
  const provider = await createScriptedProvider({ entries: script });
  const calls: RecordedCall[] = [];
  const callObject = async <T>(call: StepStageCall<T>): Promise<T> => {
    calls.push({ principal: call.principal, prompt: promptText(call.messages) });
    const result = await provider.generateObject({ ...call, messages: [...call.messages] });
    return result.value;
  };
  const context: BoundaryStepContext = {
    pack,
    prompts: PromptBook.create(pack.prompts).book,
    personaId: PERSONA,
    ...readBoundaryInput(input),
    outputs,
    callObject,
    signal: new AbortController().signal,
  };
  return { context, calls, assertExhausted: () => provider.assertExhausted() };
}

function promptText(messages: readonly LlmMessage[]): string {
  return messages.map((message) => message.content).join('\n');
}
