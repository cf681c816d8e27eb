import { z } from 'zod';
import { ownStandingText, type KnowledgeStore, type Standing } from '../../engine/npc/index.ts';
import {
  alwaysVisibleText,
  givesAway,
  goalText,
  packStoryText,
  PERSONA_AUDIENCE,
  phrasesIn,
  storyNameWords,
  WORLD_AUDIENCE,
  type StoryPack,
} from '../../engine/pack/index.ts';
import type { SaveStore, StoredMessage, StoredStageCall } from '../../engine/store/index.ts';
import { truthAt } from '../../engine/turn/index.ts';
import { npcStateForTurn } from '../../engine/turn/turn-knowledge.ts';
import { playedPack } from '../../engine/turn/creation/created.ts';

export interface Leak {
  readonly stage: string;
  readonly principal: string;
  readonly rule: string;
  readonly text: string;
}

const INTENT_AND_VOICE = new Set(['npc_intent', 'persona_intent', 'narrator', 'character_dialog']);

/**
 * ARCHITECTURE §5's audit: scans one assembled prompt for what its principal must not see — another's thoughts, any
 * intention but the one the Narrator resolves (or Stage 4 classifies), a whispered line outside the whisper (§8.11),
 * latent (< 6) states in intent, dialog and narrator prompts, and another character's private knowledge or secret lore.
 */
export function auditPrompt(call: StoredStageCall, stream: readonly StoredMessage[], pack: StoryPack): Leak[] {
  const prompt = call.prompt.map((message) => message.content).join('\n');
  const leaks: Leak[] = [];
  const leak = (rule: string, text: string): void =>
    void leaks.push({ stage: call.stage, principal: call.principal, rule, text });

  for (const message of stream) {
    if (
      message.type === 'thought' &&
      (call.stage === 'narrator' || message.owner !== call.principal) &&
      prompt.includes(message.content)
    ) {
      leak('a thought reached a stage that is not its owner’s', message.content);
    }
    const party = whisperParty(message);
    if (party !== null && call.principal !== 'narrator' && !party.includes(call.principal)) {
      // The Narrator resolves the whisper; everyone else outside it, every stage and template variable, never sees it.
      if (prompt.includes(message.content))
        leak('a whispered line reached a prompt outside the whisper', message.content);
    }
    if (message.type === 'intention' && prompt.includes(message.content)) {
      const resolving =
        call.stage === 'narrator' &&
        prompt.includes(`: ${message.content}`) &&
        resolvedIntention(prompt) === message.content;
      const own =
        (call.stage === 'npc_intent' ||
          call.stage === 'persona_intent' ||
          call.stage === 'character_reflection' ||
          call.stage.endsWith('_extractor')) &&
        message.owner === call.principal;
      // Stage 4 interprets the one intention it classifies, as the Narrator resolves one.
      const classifying = call.stage === 'deep_interpretation' && classifiedIntention(prompt) === message.content;
      if (!resolving && !own && !classifying) leak('an intention reached a stage that may not see it', message.content);
    }
  }
  leaks.push(...unperceivedEvents(call, stream, prompt));
  if (INTENT_AND_VOICE.has(call.stage)) {
    for (const match of prompt.matchAll(/\(([a-z]+), (\d+)\)/gu)) {
      if (Number(match[2]) < 6)
        leak('a latent state (level < 6) reached an intent, dialog or narrator prompt', match[0]);
    }
  }
  for (const character of pack.characters) {
    if (speaksFor(call.principal, character.id) && call.stage !== 'narrator') continue;
    for (const item of character.knowledge)
      if (prompt.includes(item.content)) leak(`${character.id}'s private knowledge leaked`, item.content);
  }
  for (const entry of pack.lore) {
    const secretOf = entry.audience !== 'world' && entry.audience !== 'persona' ? entry.audience : null;
    if (secretOf !== null && !speaksFor(call.principal, secretOf) && prompt.includes(entry.content))
      leak(`lore only for ${secretOf} leaked`, entry.key);
  }
  return leaks;
}

/** A character's own stages: what reaches them is what the character perceived. */
const OWN_STAGES = new Set(['npc_intent', 'character_dialog', 'character_extractor', 'character_reflection']);

/**
 * Perception (issue 23): narration and dialog record who perceived them, as the world decided (light, line of sight,
 * hearing). One that the principal did not perceive in a prompt of its own is a leak, unless the same words were also
 * told where it did perceive them.
 */
function unperceivedEvents(call: StoredStageCall, stream: readonly StoredMessage[], prompt: string): Leak[] {
  if (!OWN_STAGES.has(call.stage)) return [];
  const perceivers = (message: StoredMessage) => heardBy(message) ?? [call.principal];
  const perceived = new Set(
    stream.filter((message) => perceivers(message).includes(call.principal)).map((message) => message.content),
  );
  return stream
    .filter((message) => message.type === 'narration' || message.type === 'dialog')
    .filter((message) => !perceived.has(message.content) && prompt.includes(message.content))
    .map((message) => ({
      stage: call.stage,
      principal: call.principal,
      rule: 'an event its principal did not perceive reached its prompt',
      text: message.content,
    }));
}

function heardBy(message: StoredMessage): readonly string[] | null {
  const meta: unknown = message.meta;
  if (typeof meta !== 'object' || meta === null || !('kind' in meta) || !('by' in meta)) return null;
  if (meta.kind !== 'heard' || !Array.isArray(meta.by)) return null;
  return meta.by.filter((who): who is string => typeof who === 'string');
}

/** Who is party to a whispered line (its two sides), or null for a line everyone present witnessed. */
function whisperParty(message: StoredMessage): readonly string[] | null {
  const meta: unknown = message.meta;
  if (typeof meta !== 'object' || meta === null || !('kind' in meta) || !('by' in meta) || !('whispered' in meta))
    return null;
  if (meta.kind !== 'heard' || meta.whispered !== true || !Array.isArray(meta.by)) return null;
  return meta.by.filter((who): who is string => typeof who === 'string');
}

function classifiedIntention(prompt: string): string | null {
  const line = prompt.split('\n').find((candidate) => candidate.startsWith('The action ('));
  return line === undefined ? null : line.slice(line.indexOf('): ') + 3);
}

function resolvedIntention(prompt: string): string | null {
  const line = prompt.split('\n').findLast((candidate) => candidate.startsWith('Intention to resolve — '));
  return line === undefined ? null : line.slice(line.indexOf(': ') + 2);
}

/**
 * Information boundaries (gravitational-context-assembly.md): a gate's guarded facts reach no prompt of a principal
 * before the gate has released them to it. `knows(principal, gate)` answers from the truth set as of the call's turn
 * (`Knows(<principal>,<gate>)`; the persona is "player", and every stage but a character's own speaks for the player).
 * A fact is matched whole, and by its distinctive phrases (issue 20): a sentence of the prompt sharing two of them
 * gives the fact away, paraphrased or not. A phrase is distinctive to a principal only if nothing it may read without
 * the gate holds it — the story's always-visible text, lore for its audience, its own description and private
 * knowledge (a character keeps what it knows; the gate guards it from the others), and the player's own words
 * (`spoken`: what the persona said aloud is the persona's to say, and everyone present heard it).
 */
export function auditGuardedFacts(
  call: StoredStageCall,
  pack: StoryPack,
  knows: (principal: string, gate: string) => boolean,
  spoken: readonly string[] = [],
): Leak[] {
  const prompt = call.prompt.map((message) => message.content).join('\n');
  const principal = auditedPrincipal(call, pack);
  const readable = readableWithoutGates(pack, principal, spoken);
  const ordinary = storyNameWords(packStoryText(pack));
  const leak = (gate: string, text: string): Leak => ({
    stage: call.stage,
    principal: call.principal,
    rule: `gate ${gate} leaked before it opened`,
    text,
  });
  return pack.narrative.gates.flatMap((gate) =>
    knows(principal, gate.id)
      ? []
      : gate.facts.flatMap((fact) => {
          if (prompt.includes(fact)) return [leak(gate.id, fact)];
          const shared = givesAway(fact, prompt, ordinary, phrasesIn(fact, readable, ordinary));
          return shared === null ? [] : [leak(gate.id, `${fact} (paraphrased: "${shared.join('", "')}")`)];
        }),
  );
}

/** Whose view a call is audited as: a character's own stage speaks for it, every other stage for the player. */
function auditedPrincipal(call: Pick<StoredStageCall, 'principal'>, pack: StoryPack): string {
  return pack.characters.some((character) => character.id === call.principal) ? call.principal : 'player';
}

/** Everything `principal` may read whatever the gates say (see auditGuardedFacts). */
function readableWithoutGates(pack: StoryPack, principal: string, spoken: readonly string[]): string[] {
  const audience = principal === 'player' ? PERSONA_AUDIENCE : principal;
  const visible = alwaysVisibleText(packStoryText(pack), (who) => who === WORLD_AUDIENCE || who === audience);
  const own =
    principal === 'player'
      ? pack.personas.map((persona) => persona.description)
      : pack.characters
          .filter((character) => character.id === principal)
          .flatMap((character) => [
            character.personality,
            ...character.knowledge.map((item) => item.content),
            ...character.goals.map(goalText),
            ...character.voice.examples,
          ]);
  return [...visible.map((entry) => entry.text), ...own, ...spoken];
}

/**
 * Knowledge boundaries (npc-simulation.md, Boundary Rules): a prompt may hold entries of the World KG and of its own
 * principal's graph, nothing else — no character reads another's memories or the persona's, and the Narrator reads
 * the World KG only.
 */
export function auditKnowledge(
  call: Pick<StoredStageCall, 'stage' | 'principal' | 'prompt'>,
  knowledge: KnowledgeStore,
  personaId: string,
): Leak[] {
  const prompt = call.prompt.map((message) => message.content).join('\n');
  const owner = call.stage === 'narrator' ? '' : call.principal;
  const graphs: [string, KnowledgeStore['persona']][] = [
    [personaId, knowledge.persona],
    ...Object.entries(knowledge.characters),
  ];
  // The same words may sit in several graphs (two characters told one rumour): they leak only if the reader lacks them.
  const readable = new Set(
    [knowledge.world, ...graphs.filter(([id]) => speaksFor(owner, id)).map(([, entries]) => entries)]
      .flat()
      .map((entry) => entry.text),
  );
  return graphs.flatMap(([graphOwner, entries]) =>
    speaksFor(owner, graphOwner)
      ? []
      : entries
          .filter((entry) => !readable.has(entry.text) && prompt.includes(entry.text))
          .map((entry) => ({
            stage: call.stage,
            principal: call.principal,
            rule: `${graphOwner}'s own knowledge graph leaked`,
            text: entry.text,
          })),
  );
}

/**
 * Whether a prompt built for `principal` may hold what `id` alone knows: only its own. A cohort's SimulationModerator
 * (`cohort:a+b`) speaks for none of its members: it holds public facts only, and each member's turn is its own call.
 */
function speaksFor(principal: string, id: string): boolean {
  return principal === id;
}

const privateTurnSchema = z.object({ thinks: z.string().default(''), intends: z.string().default('') });

/**
 * A cohort member's private lines (what it thought and meant in a round) reach no prompt but its own: the moderator's
 * and the other members' calls see only what it said and did.
 */
export function auditPrivateTurns(
  calls: readonly Pick<StoredStageCall, 'stage' | 'principal' | 'prompt' | 'output'>[],
): Leak[] {
  const owned = calls.flatMap((call) => {
    if (call.stage !== 'cohort_member' || call.output === null) return [];
    const parsed = privateTurnSchema.safeParse(parseJson(call.output));
    if (!parsed.success) return [];
    return [parsed.data.thinks, parsed.data.intends]
      .filter((text) => text.trim() !== '')
      .map((text) => ({ owner: call.principal, text }));
  });
  return calls.flatMap((call) => {
    const prompt = call.prompt.map((message) => message.content).join('\n');
    return owned
      .filter(({ owner, text }) => owner !== call.principal && prompt.includes(text))
      .map(({ owner, text }) => ({
        stage: call.stage,
        principal: call.principal,
        rule: `${owner}'s private thought or intention leaked`,
        text,
      }));
  });
}

/**
 * Planted tokens (`ADA-…`, one prefix per principal): a prompt holding one belongs to a call its owner owns; the
 * Narrator and the moderators own nobody's.
 */
export function auditTokens(
  calls: readonly Pick<StoredStageCall, 'stage' | 'principal' | 'prompt'>[],
  owners: { readonly [prefix: string]: string },
): Leak[] {
  return calls.flatMap((call) => {
    const prompt = call.prompt.map((message) => message.content).join('\n');
    return Object.entries(owners).flatMap(([prefix, owner]) => {
      if (owner === call.principal && call.stage !== 'narrator') return [];
      const found = prompt.match(new RegExp(`${prefix}[A-Z0-9-]+`, 'gu')) ?? [];
      return [...new Set(found)].map((token) => ({
        stage: call.stage,
        principal: call.principal,
        rule: `${owner}'s private token reached a call it does not own`,
        text: token,
      }));
    });
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * What the audits read of a played save: the stream, every stage call with its turn, the knowledge graphs (they only
 * grow: every entry a prompt could have held is in the last npc_state), and the guarded-fact leaks, each call judged
 * by the truth set as of its turn. Closes nothing: the caller owns the store.
 */
export function readAuditedSave(store: SaveStore, packOnly: StoryPack) {
  // The pack as the save played it: what the story created is audited like the pack's own (its private knowledge).
  const pack = playedPack(packOnly, store);
  const stream = store.messagesBefore(null, 100_000);
  const turns = store.turns();
  const calls = turns.flatMap((turn) => store.stageCalls(turn.id).map((call) => ({ call, turn: turn.number })));
  const truths = new Map(
    turns.map((turn) => [turn.number, truthAt(store, turn.number, pack.manifest.tuning.minConfidence)]),
  );
  const knowledge = npcStateForTurn(store, pack).knowledge;
  const personaId = store.meta().personaId;
  // The player's own words are the player's to say: a gate guards what the story knows, not what was typed.
  const spoken = stream
    .filter((message) => message.type === 'intention' && message.owner === personaId)
    .map((message) => message.content);
  const guarded = calls.flatMap(({ call, turn }) =>
    auditGuardedFacts(
      call,
      pack,
      (who, gate) => truths.get(turn)?.factual.has(`Knows(${who},${gate})`) ?? false,
      spoken,
    ),
  );
  return { stream, calls: calls.map(({ call }) => call), knowledge, personaId, guarded, pack };
}

/**
 * Relationships have two sides (engine/npc standings): a prompt may show its own principal's side only, never how
 * another character stands with anyone — not to the Narrator, not to the one it is about. `sides` are every side the
 * save held at any turn, so a value that has since moved is looked for too.
 */
export function auditStandings(
  call: Pick<StoredStageCall, 'stage' | 'principal' | 'prompt'>,
  sides: readonly Standing[],
  nameOf: (id: string) => string,
): Leak[] {
  const prompt = call.prompt.map((message) => message.content).join('\n');
  return sides
    .filter((side) => side.from !== call.principal)
    .map((side) => ownStandingText({ version: 1, sides: [side] }, side.from, nameOf))
    .filter((text) => prompt.includes(text))
    .map((text) => ({ stage: call.stage, principal: call.principal, rule: "another's standing leaked", text }));
}
