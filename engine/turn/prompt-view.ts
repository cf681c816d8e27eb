import { describePartialProfile, type KnowledgeStore, type PartialProfile } from '../npc/index.ts';
import { cardPlay, type Character, type StoryPack } from '../pack/index.ts';
import type { PromptCharacter, PromptContext, PromptMessage, PromptState } from '../prompts/index.ts';
import {
  buildView,
  isManifest,
  visibleStates,
  type LeveledState,
  type StreamEntry,
  type ViewRequest,
} from '../stream/index.ts';
import type { PlayState } from './play-state.ts';
import { describeTime } from './world-time.ts';
import { narratorJournal } from './narrator-journal.ts';
import {
  findLore,
  loreAudiences,
  loreLines,
  loreSettings,
  withinBudget,
  type LorePiece,
} from '../storykeeper/index.ts';
import { promptKnowledge } from './prompt-knowledge.ts';

/**
 * Builds a stage's template variables from the view of ONE principal: the visibility matrix filters the stream, the
 * state threshold filters states, and lore and private knowledge reach only their audience.
 */
export interface ViewInputs {
  readonly pack: StoryPack;
  readonly state: PlayState;
  readonly personaId: string;
  readonly stream: readonly StreamEntry[];
  readonly request: ViewRequest;
  /** The knowledge graphs as of the turn's start; the principal's view of them is all a prompt gets. */
  readonly knowledge?: KnowledgeStore;
}

/**
 * Past messages a stage prompt shows by default. The window's start moves in steps of half of it (see the `last`
 * helper), so most turns reuse the cached prompt prefix; a larger window jumps less often but costs more tokens.
 */
export const DEFAULT_HISTORY_MESSAGES = 80;

export function promptContext(inputs: ViewInputs, extra: Partial<PromptContext> = {}): PromptContext {
  const { pack, state, personaId, request } = inputs;
  const persona = pack.personas.find((candidate) => candidate.id === personaId);
  const playerStates = visibleStates(request.stage, request.principal, personaId, state.states[personaId] ?? []);
  const present = charactersPresent(pack, state);
  const location = pack.locations.find((candidate) => candidate.id === state.location);
  // One view feeds every variable of the prompt (ARCHITECTURE §8.11): never the raw stream.
  const view = buildView(inputs.stream, request);
  const turn = request.cursor.turn;
  const seen = loreFor(
    pack,
    state,
    personaId,
    request,
    view.map((entry) => toPromptMessage(entry, pack, personaId, turn)),
  );
  const messages = views(seen.msgs);
  const limit = pack.manifest.tuning.historyMessages ?? DEFAULT_HISTORY_MESSAGES;
  return {
    story: {
      title: pack.manifest.title,
      description: pack.manifest.description,
      language: pack.manifest.language,
      genre: pack.manifest.style?.genre ?? '',
      voice: pack.manifest.style?.voice ?? '',
      constraints: pack.manifest.style?.constraints ?? [],
    },
    player_name: persona?.name ?? 'the adventurer',
    player: {
      id: personaId,
      description: persona?.description ?? '',
      states: playerStates.map(toPromptState),
      state_lines: playerStates.map(stateLine),
    },
    chars: {
      summary: castLines(pack.characters.filter((character) => inCast(state, present, character))),
      arrived:
        request.stage === 'narrator'
          ? castLines(present.filter((character) => !inCast(state, present, character)))
          : '',
      states: request.stage === 'narrator' ? narratorStates(pack, state, personaId, present) : '',
    },
    location: {
      name: location?.name ?? state.location,
      description: `${location?.description ?? ''} It is ${describeTime(state.time)}.`.trim(),
    },
    lore: seen.lore,
    knowledge: promptKnowledge(inputs.knowledge, request, personaId, {
      time: state.time,
      location: state.location,
      present: [personaId, ...present.map((character) => character.id)],
    }),
    ...messages,
    turn: {
      number: turn,
      narration: currentNarration(view, turn),
      begun: messages.history.some((message) => message.current),
    },
    guidance: { silence: false, constraint: '', directions: '', retrieved: '', understood: '' },
    journal: { earlier: request.stage === 'narrator' ? narratorJournal(pack, state, messages.history, limit) : '' },
    limits: { history: limit },
    ...extra,
  };
}

function castLines(characters: readonly Character[]): string {
  return characters.map((character) => `${character.id} — ${character.name}: ${character.description}`).join('\n');
}

/** In the scene's fixed cast; before the first turn fixes it, whoever is present. */
function inCast(state: PlayState, present: readonly Character[], character: Character): boolean {
  return state.cast === undefined ? present.includes(character) : state.cast.ids.includes(character.id);
}

export function charactersPresent(pack: StoryPack, state: PlayState): Character[] {
  return pack.characters.filter((character) => state.positions[character.id] === state.location);
}

/** The variables of one character's own stages: its manifest states, and for intent and dialog its private knowledge. */
export function characterVariables(
  pack: StoryPack,
  state: PlayState,
  request: ViewRequest,
  id: string,
  profile?: PartialProfile,
  offstage?: string,
  standing?: string,
): PromptCharacter {
  const character = pack.characters.find((candidate) => candidate.id === id);
  if (character === undefined) throw new Error(`unknown character "${id}"`);
  const own = state.states[id] ?? [];
  const knows = request.stage === 'npc_intent' || request.stage === 'character_dialog';
  const card = cardPlay(character);
  const ownDialog = request.stage === 'character_dialog' && request.principal === id;
  return {
    id,
    name: character.name,
    description: character.description,
    personality: character.personality,
    voice: { style: character.voice.style, examples: character.voice.examples },
    states: visibleStates(request.stage, request.principal, id, own).filter(isManifest).map(stateLine).join('; '),
    all_states: visibleStates(request.stage, request.principal, id, own).map(stateLine).join('; '),
    knowledge:
      knows && request.principal === id ? character.knowledge.map((item) => `- ${item.content}`).join('\n') : '',
    ...(profile === undefined ? {} : { profile: describePartialProfile(profile) }),
    ...(offstage === undefined || !knows ? {} : { offstage }),
    // Its own side of its relationships, in its own stages only: how others stand with it is theirs.
    ...(standing === undefined || standing === '' || !knows || request.principal !== id ? {} : { standing }),
    ...(card.scenario === '' || !knows || request.principal !== id ? {} : { scenario: card.scenario }),
    ...(card.instructions === '' || !ownDialog ? {} : { instructions: card.instructions }),
    ...(card.postHistoryInstructions === '' || !ownDialog ? {} : { post_history: card.postHistoryInstructions }),
  };
}

export function displayName(pack: StoryPack, personaId: string, owner: string): string {
  if (owner === 'narrator') return 'Narrator';
  if (owner === 'system') return 'System';
  const persona = owner === personaId ? pack.personas.find((candidate) => candidate.id === owner) : undefined;
  return persona?.name ?? pack.characters.find((candidate) => candidate.id === owner)?.name ?? owner;
}

/** `turn.narration`: what the Narrator has written so far this turn, of what the principal's view holds. */
function currentNarration(view: readonly StreamEntry[], turn: number): string {
  return view
    .filter((entry) => entry.turn === turn && entry.type === 'narration')
    .map((entry) => entry.content)
    .join('\n');
}

const isPrivate = (message: PromptMessage) => message.type === 'thought' || message.type === 'intention';

function views(msgs: readonly PromptMessage[]): Pick<PromptContext, 'msgs' | 'history' | 'inner'> {
  return { msgs, history: msgs.filter((message) => !isPrivate(message)), inner: msgs.filter(isPrivate) };
}

function toPromptMessage(entry: StreamEntry, pack: StoryPack, personaId: string, turn: number): PromptMessage {
  const name = displayName(pack, personaId, entry.owner);
  return {
    owner: entry.owner,
    name,
    type: entry.type,
    content: entry.content,
    mood: entry.mood,
    turn: entry.turn,
    current: entry.turn === turn && entry.type !== 'scene_marker',
    line: line(entry, name),
  };
}

function line(entry: StreamEntry, name: string): string {
  switch (entry.type) {
    case 'dialog':
      return `${name}${entry.mood ? ` (${entry.mood})` : ''}: “${entry.content}”`;
    case 'intention':
      return `[turn ${entry.turn}] ${name} intends: ${entry.content}`;
    case 'thought':
      return `[turn ${entry.turn}] ${name} thinks: ${entry.content}`;
    case 'scene_marker':
      return `— ${entry.content} —`;
    default:
      return entry.content;
  }
}

/**
 * The lore of one principal, activated over what it saw (a line it did not witness activates nothing for it). The
 * Narrator's preamble holds the constant entries (stable, so the cached prefix holds); everything else reaches the
 * Narrator through the Storykeeper's retrieved tier. Other stages get constant and activated lore (`text`) and the
 * learned facts their messages name or that are recent (`learned`), together within the story's lore budget.
 *
 * A character's intent and dialog keep, all turn long, the lore the story before the turn activated (`text` and
 * `learned`: the sheet prints them before the turn's own lines, and the warm-up evaluated them), and each line of the
 * turn brings what it is the first to activate (its `recalls`), in what is left of the budget. Each call of the turn
 * then finds the one before's lore in the KV cache, where one lore block after the lines would change with every line.
 */
function loreFor(
  pack: StoryPack,
  state: PlayState,
  personaId: string,
  request: ViewRequest,
  msgs: readonly PromptMessage[],
): { readonly lore: PromptContext['lore']; readonly msgs: readonly PromptMessage[] } {
  const audiences = loreAudiences(request.stage, request.principal, personaId);
  const settings = loreSettings(pack);
  const findIn = (texts: readonly string[], scanDepth = settings.scanDepth) => {
    const found = findLore(pack, state.lore, texts, audiences, request.cursor.turn, scanDepth);
    return [...found.constant, ...found.activated];
  };
  const find = (seen: readonly PromptMessage[], scanDepth = settings.scanDepth) =>
    findIn(
      seen.map((message) => message.content),
      scanDepth,
    );
  if (request.stage === 'narrator') {
    const constant = find(msgs).filter((piece) => piece.constant);
    return { lore: { text: loreLines(withinBudget(constant, settings.constantBudget).kept), learned: '' }, msgs };
  }
  if (request.stage === 'lore_extractor') {
    // What the place brings to mind comes first: every Lore Extractor call of the scene, and the warm-up of its head
    // (turn/prompt-heads.ts), begins with it. It takes three quarters of the budget at most, so what the passage
    // names beyond it, which follows, always has room.
    const place = withinBudget(findIn([placeText(pack, state)]), Math.floor((settings.stageBudget * 3) / 4)).kept;
    const held = new Set(place.map((piece) => piece.id));
    const left = settings.stageBudget - tokensOf(place);
    const named = withinBudget(
      find(msgs).filter((piece) => !held.has(piece.id)),
      left,
    ).kept;
    return { lore: loreBlock([...place, ...named]), msgs };
  }
  const turnLong = request.stage === 'npc_intent' || request.stage === 'character_dialog';
  const before = msgs.filter((message) => !message.current);
  const seen = turnLong ? find(before, settings.scanDepth + lastTurnLines(before, request.cursor.turn)) : find(msgs);
  const { kept } = withinBudget(seen, settings.stageBudget);
  return { lore: loreBlock(kept), msgs: turnLong ? withRecalls(msgs, kept, find, settings.stageBudget) : msgs };
}

/** The lore a stage prints, in the order kept: the pack's own entries, then what the story learned. */
function loreBlock(kept: readonly LorePiece[]): PromptContext['lore'] {
  return {
    text: loreLines(kept.filter((piece) => piece.origin === 'authored')),
    learned: loreLines(kept.filter((piece) => piece.origin === 'learned')),
  };
}

function tokensOf(pieces: readonly LorePiece[]): number {
  return pieces.reduce((sum, piece) => sum + piece.tokens, 0);
}

/** The place as lore keys see it: its name and description. */
function placeText(pack: StoryPack, state: PlayState): string {
  const location = pack.locations.find((candidate) => candidate.id === state.location);
  return location === undefined ? state.location : `${location.name}. ${location.description}`;
}

/**
 * How many of the messages before the turn the last turn wrote. A character's turn-long lore is activated over the
 * messages before the turn that deep and `scanDepth` beyond, so what the last turn brought to mind stays one turn more
 * (like a sticky World Info entry), and the turn's calls and the warm-up before it agree on it.
 */
function lastTurnLines(before: readonly PromptMessage[], turn: number): number {
  return before.filter((message) => message.turn === turn - 1).length;
}

/** Each of the turn's history lines with the lore it is the first to activate, while `budget` lasts beyond `held`. */
function withRecalls(
  msgs: readonly PromptMessage[],
  held: readonly LorePiece[],
  find: (seen: readonly PromptMessage[]) => readonly LorePiece[],
  budget: number,
): PromptMessage[] {
  const known = new Set(held.map((piece) => piece.id));
  let left = budget - tokensOf(held);
  return msgs.map((message, index) => {
    if (!message.current || isPrivate(message)) return message;
    const fresh = find(msgs.slice(0, index + 1)).filter((piece) => !known.has(piece.id));
    const { kept } = withinBudget(fresh, left);
    for (const piece of kept) known.add(piece.id);
    left -= tokensOf(kept);
    return kept.length === 0 ? message : { ...message, recalls: loreLines(kept) };
  });
}

/** `chars.states` for the Narrator: the manifest states of the persona first, then of everyone present. */
function narratorStates(pack: StoryPack, state: PlayState, personaId: string, present: readonly Character[]): string {
  const persona = { id: personaId, name: displayName(pack, personaId, personaId) };
  return [persona, ...present]
    .map((person) => {
      const manifest = visibleStates('narrator', 'narrator', person.id, state.states[person.id] ?? []);
      return manifest.length > 0 ? `${person.name}: ${manifest.map(stateLine).join(', ')}` : '';
    })
    .filter(Boolean)
    .join('; ');
}

function stateLine(state: LeveledState): string {
  return `${state.name} (${state.category}, ${state.level})`;
}

function toPromptState(state: LeveledState): PromptState {
  return { ...state, is_manifest: isManifest(state), is_subconscious: !isManifest(state) };
}
