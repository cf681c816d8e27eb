import { PLAYER, type Directive, type StructuralParse, type TruthSet } from '../../events/index.ts';
import { estimateTokens } from '../../llm/index.ts';
import type { StoryPack } from '../../pack/index.ts';
import { gateProgress } from './truth-oracles.ts';
import type { ContextCandidate } from '../candidate.ts';
import type { LandscapeEvaluation } from './evaluate-landscape.ts';
import type { PackGraph } from './from-pack.ts';
import { packLoreId, type LoreFound, type LorePiece } from './lore.ts';

/** What the candidate sources read: the pack, the truth set as of now, the landscape, and this turn's input. */
export interface CandidateInputs {
  readonly pack: StoryPack;
  readonly graph: PackGraph;
  readonly truth: TruthSet;
  readonly minConfidence: number;
  readonly turn: number;
  readonly landscape: LandscapeEvaluation;
  readonly parse: StructuralParse | null;
  readonly present: readonly string[];
  readonly directives: readonly Directive[];
  /** Gates opened this turn: their revelation is mandatory. */
  readonly opened: readonly string[];
  /** Lore the Narrator's view of the recent messages activated (constant entries go to the preamble instead). */
  readonly lore?: LoreFound;
}

const candidate = (fields: Omit<ContextCandidate, 'tokens'>): ContextCandidate => ({
  ...fields,
  tokens: estimateTokens(fields.text),
});

/**
 * The six candidate sources of gravitational-context-assembly.md, as plain functions over the turn's state. The text
 * of a candidate is what the Narrator may read; masses, gate conditions and withheld facts never appear in it.
 */
export function contextCandidates(inputs: CandidateInputs): ContextCandidate[] {
  return [
    ...entityCandidates(inputs),
    ...emotionalCandidates(inputs),
    ...gravitationalCandidates(inputs),
    ...subGraphCandidates(inputs),
    ...revelationCandidates(inputs),
    ...echoCandidates(inputs),
    ...loreCandidates(inputs),
  ];
}

/** How much a piece of lore matters before gravity and recency weigh it: a key found now, or found further away. */
const LORE_RELEVANCE = { activated: 0.8, recursionFalloff: 0.6, recentOnly: 0.35 } as const;

/**
 * Source 7 (ARCHITECTURE §8.2, Lorebook = World KG): lorebook entries whose keys the recent messages name, and what
 * the Lore Extractor learned, named or recent. An entry tagged with the id of an information gate stays withheld
 * until that gate has released its facts to the protagonist.
 */
function loreCandidates({ pack, graph, truth, lore }: CandidateInputs): ContextCandidate[] {
  if (lore === undefined) return [];
  const gates = new Set(graph.gates.map((gate) => gate.id));
  const released = new Set(graph.gates.filter((gate) => knownToPlayer(truth, gate.id)).map((gate) => gate.id));
  const tags = new Map(pack.lore.map((entry) => [packLoreId(entry), entry.tags]));
  return lore.activated.map((piece: LorePiece) => {
    const pieceTags = piece.origin === 'authored' ? (tags.get(piece.id) ?? []) : [];
    const gate = pieceTags.find((tag) => gates.has(tag) && !released.has(tag));
    const relevance = piece.activated
      ? LORE_RELEVANCE.activated * LORE_RELEVANCE.recursionFalloff ** piece.depth
      : LORE_RELEVANCE.recentOnly;
    return candidate({
      id: `lore:${piece.id}`,
      source: 'lore',
      text: gate === undefined ? piece.text : `[withheld until ${gate} opens]`,
      relevance,
      boundary: gate === undefined ? 'known' : 'withheld',
      ageTurns: piece.age,
      valence: 'reflection',
      links: { entities: mentioned(pack, piece.text), themes: pieceTags },
      activation: piece.why,
    });
  });
}

/** Ids of the characters a text names, by name or alias: lore about the cast relates to scenes they are cast in. */
function mentioned(pack: StoryPack, text: string): string[] {
  const lower = text.toLowerCase();
  return pack.characters
    .filter((c) => [c.name, ...c.aliases].some((name) => name.trim() !== '' && lower.includes(name.toLowerCase())))
    .map((c) => c.id);
}

const nameOf = (pack: StoryPack, id: string): string =>
  id === PLAYER ? 'the protagonist' : (pack.characters.find((c) => c.id === id)?.name ?? id);

/** Source 1: what the input names — the standing between the protagonist and each character, a named thing's state. */
function entityCandidates({ pack, truth, parse, present }: CandidateInputs): ContextCandidate[] {
  const mentioned = new Set(parse?.mentioned.map((entity) => entity.id) ?? []);
  const out: ContextCandidate[] = [];
  for (const id of new Set([...mentioned, ...present])) {
    const character = pack.characters.find((c) => c.id === id);
    if (character === undefined) continue;
    const standing = [...truth.accumulators]
      .filter(([key]) => isBetweenProtagonistAnd(key, id))
      .map(([key, value]) => `${dimensionOf(key)} ${value > 0 ? '+' : ''}${Math.round(value * 100) / 100}`);
    if (standing.length === 0) continue;
    out.push(
      candidate({
        id: `entity:${id}`,
        source: 'entity',
        text: `Between the protagonist and ${character.name}: ${standing.join(', ')}.`,
        relevance: mentioned.has(id) ? 1 : 0.7,
        boundary: 'known',
        ageTurns: 0,
        mandatory: mentioned.has(id),
        links: { entities: [id] },
      }),
    );
  }
  for (const id of mentioned) {
    const object = pack.world?.objects.find((o) => o.id === id);
    if (object === undefined || object.hidden) continue;
    const text = `${object.name}${object.description === '' ? '' : `: ${object.description}`}`;
    out.push(
      candidate({
        id: `entity:${id}`,
        source: 'entity',
        text,
        relevance: 1,
        boundary: 'known',
        ageTurns: 0,
        mandatory: true,
        links: { objects: [id] },
      }),
    );
  }
  return out;
}

/** Source 2: feelings the classifiers judged to be in play among those present. */
function emotionalCandidates({ pack, truth, present, minConfidence, turn }: CandidateInputs): ContextCandidate[] {
  const here = new Set([PLAYER, ...present]);
  return [...truth.interpretive]
    .filter(
      ([key, entry]) =>
        entry.confidence >= minConfidence && /^(EmotionExpressed|VulnerabilityExpressed|Trust|Affection)/u.test(key),
    )
    .filter(([key]) =>
      key
        .slice(key.indexOf('(') + 1, -1)
        .split(',')
        .some((arg) => here.has(arg)),
    )
    .map(([key, entry]) => {
      const [name = '', args = ''] = key.split(/[()]/u);
      const who = args
        .split(',')
        .map((arg) => nameOf(pack, arg))
        .join(' and ');
      return candidate({
        id: `emotion:${key}`,
        source: 'emotional',
        text: `${who}: ${name.replace(/([a-z])([A-Z])/gu, '$1 $2').toLowerCase()} (show it, do not state it).`,
        relevance: 0.8,
        boundary: 'known',
        ageTurns: turn - entry.since.turn,
        valence: 'tension',
        links: { entities: args.split(',') },
      });
    });
}

/** Source 3: the strongest attractors, as themes, tone and stakes — never as a scene or a mass. */
function gravitationalCandidates({ landscape }: CandidateInputs): ContextCandidate[] {
  const attractors = landscape.landscape.attractors;
  const strongest = attractors[0]?.pull ?? 0;
  return attractors.map(({ scene, pull }) =>
    candidate({
      id: `gravity:${scene.id}`,
      source: 'gravitational',
      text: sentences([
        scene.thematicRegister.length > 0 ? `Themes gathering weight: ${words(scene.thematicRegister)}` : '',
        scene.tonalSignature === '' ? '' : `Tone: ${scene.tonalSignature}`,
        scene.stakes === '' ? '' : `At stake: ${scene.stakes}`,
      ]),
      relevance: strongest > 0 ? Math.min(1, pull / strongest) : 0,
      boundary: 'known',
      ageTurns: 0,
      valence: 'tension',
      links: { scenes: [scene.id], themes: scene.thematicRegister, locations: [scene.setting] },
    }),
  );
}

/** Source 4: tales within the tale bleeding through their boundary, bridge objects at hand, prophecies cast. */
function subGraphCandidates({ landscape, pack, truth }: CandidateInputs): ContextCandidate[] {
  const out: ContextCandidate[] = [];
  for (const sub of landscape.landscape.subGraphs.filter((s) => s.engaged && s.subGraph.thematicResonance.length > 0)) {
    out.push(
      candidate({
        id: `subgraph:${sub.id}`,
        source: 'sub_graph',
        text: `An older story bleeds into this one: ${words(sub.subGraph.thematicResonance)}.`,
        relevance: Math.min(1, sub.contribution),
        boundary: 'known',
        ageTurns: 0,
        valence: 'reflection',
        links: { subGraphs: [sub.id], themes: sub.subGraph.thematicResonance },
      }),
    );
  }
  for (const bridge of landscape.landscape.bridges) {
    const object = pack.world?.objects.find((o) => o.id === bridge.object);
    // A hidden object is not at hand for the Narrator, whichever source would name it.
    if (object?.hidden === true && !truth.factual.has(`Holding(${PLAYER},${bridge.object})`)) continue;
    out.push(
      candidate({
        id: `bridge:${bridge.id}`,
        source: 'sub_graph',
        text: `The ${object?.name ?? bridge.object} carries more than itself: ${words(bridge.themes)}.`,
        relevance: 0.7,
        boundary: 'known',
        ageTurns: 0,
        links: { objects: [bridge.id], subGraphs: bridge.subGraphs, themes: bridge.themes },
      }),
    );
  }
  for (const prophecy of landscape.landscape.prophecies) {
    const themes = prophecy.target?.thematicRegister ?? [];
    out.push(
      candidate({
        id: `prophecy:${prophecy.id}`,
        source: 'sub_graph',
        text: `An ${prophecy.type} hangs over what is coming${themes.length > 0 ? `: ${words(themes)}` : ''}.`,
        relevance: Math.min(1, prophecy.magnitude),
        boundary: 'known',
        ageTurns: 0,
        valence: 'reflection',
        links: { prophecies: [prophecy.id], scenes: [prophecy.targetScene], themes },
      }),
    );
  }
  return out;
}

/**
 * Who knows what, read from the truth set as of this turn: a fact revealed this turn (a gate opening, or a trigger's
 * RevealFact) is known now, not when the landscape cached at scene entry is next weighed.
 */
function knownToPlayer(truth: TruthSet, gateId: string): boolean {
  return truth.factual.has(knowsKey(gateId));
}
const knowsKey = (gateId: string): string => `Knows(${PLAYER},${gateId})`;

/**
 * Source 5: what gates have released to the protagonist (mandatory the turn the protagonist learns it). A gate still
 * closed is a candidate too, withheld: it scores 0 and is never selected, so `inspect context` can show it was kept
 * out.
 */
function revelationCandidates(inputs: CandidateInputs): ContextCandidate[] {
  const { graph, opened, truth, turn, pack, minConfidence } = inputs;
  return graph.gates.map((gate) => {
    const released = knownToPlayer(truth, gate.id);
    const since = truth.factual.get(knowsKey(gate.id))?.since.turn ?? turn;
    // Part of the way open: the Narrator may hint, in the themes of the scene that holds the gate, never the facts.
    const progress = released ? 1 : gateProgress(gate.predicate, { truth, turn, minConfidence });
    const suspected = !released && progress > 0 && progress < 1;
    const themes = pack.narrative.scenes.find((scene) => scene.gates.includes(gate.id))?.thematicRegister ?? [];
    const hint = `Something is close to the surface here${themes.length > 0 ? ` (${words(themes)})` : ''}: let it be felt, not told.`;
    return candidate({
      id: `revelation:${gate.id}`,
      source: 'revelation',
      text: released ? `${gate.facts.join(' ')} (${gate.framing})` : suspected ? hint : `[withheld: ${gate.id}]`,
      relevance: suspected ? 0.9 * progress : 0.9,
      boundary: released ? 'known' : suspected ? 'suspected' : 'withheld',
      ageTurns: turn - since,
      mandatory: released && (opened.includes(gate.id) || since === turn),
      links: {},
    });
  });
}

/** Source 6: echoes fired this turn — the moment rhymes with an old one. */
function echoCandidates({ pack, directives }: CandidateInputs): ContextCandidate[] {
  return directives.flatMap((directive) =>
    directive.kind !== 'echo'
      ? []
      : [
          candidate({
            id: `echo:${directive.echo}:${directive.character}`,
            source: 'echo',
            text: `This moment rhymes with something ${nameOf(pack, directive.character)} has lived before (${directive.echo.replace(/_/gu, ' ')}).`,
            relevance: 0.6,
            boundary: 'known',
            ageTurns: 0,
            valence: 'reflection',
            links: { entities: [directive.character] },
          }),
        ],
  );
}

/**
 * Whether an accumulator is about the protagonist and `id`, argument by argument: `trust_delta(player,kit)` and
 * `relationship(kit,player,wariness)` are; `relationship(hale,kit,suspicion)` is between two others, and an id that
 * merely contains `kit` (`kit-wickett`) is someone else.
 */
function isBetweenProtagonistAnd(key: string, id: string): boolean {
  const args = key.slice(key.indexOf('(') + 1, -1).split(',');
  const pair = key.startsWith('relationship(') ? args.slice(0, 2) : args;
  return pair.length === 2 && pair.includes(PLAYER) && pair.includes(id);
}

/** `trust_delta(player,kit)` → "trust", `relationship(hale,player,wariness)` → "wariness". */
function dimensionOf(key: string): string {
  const name = key.slice(0, key.indexOf('('));
  if (name === 'relationship') return key.slice(key.lastIndexOf(',') + 1, -1);
  return name.replace(/_delta$/u, '').replace(/_/gu, ' ');
}

/** Tags as words: `the-drowned` → "the drowned". */
function words(tags: readonly string[]): string {
  return tags.map((tag) => tag.replace(/[-_]/gu, ' ')).join(', ');
}

/** Parts joined as sentences, each ending in one full stop. */
function sentences(parts: readonly string[]): string {
  return parts
    .filter((part) => part !== '')
    .map((part) => (/[.!?]$/u.test(part) ? part : `${part}.`))
    .join(' ');
}
