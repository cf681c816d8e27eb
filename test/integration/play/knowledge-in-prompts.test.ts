import { beforeAll, describe, expect, it } from 'vitest';
import {
  emptyKnowledgeStore,
  inWorldMinutes,
  recordKnowledge,
  recordLore,
  type Audience,
  type KnowledgeStore,
} from '../../../engine/npc/index.ts';
import { packKnowledge } from '../../../engine/boundary/index.ts';
import type { StoryPack } from '../../../engine/pack/index.ts';
import { PromptBook } from '../../../engine/prompts/index.ts';
import type { ViewStage } from '../../../engine/stream/index.ts';
import { initialPlayState, type PlayState } from '../../../engine/turn/index.ts';
import { characterVariables, promptContext } from '../../../engine/turn/prompt-view.ts';
import { auditKnowledge } from '../../support/leak-audit.ts';
import { lanternQuay, PERSONA } from '../../support/packs.ts';

const KIT = 'kit-wickett';
const MAGDALEN = 'magdalen-rook';
const SILAS = 'silas-crane';
const TEXT = {
  world: 'WORLD: the King’s Warehouse was broken into last night.',
  lore: 'LEARNED-LORE: lanterns are lit at dusk',
  persona: 'PERSONA: I still have the letter for Pell.',
  kit: 'KIT: Sam has honest hands.',
  magdalen: 'MAGDALEN: the stranger is a Board man.',
  silas: 'SILAS: I burned the true log.',
} as const;

let pack: StoryPack;
let state: PlayState;
let knowledge: KnowledgeStore;
const book = PromptBook.create().book;

beforeAll(async () => {
  pack = await lanternQuay();
  state = initialPlayState(pack, PERSONA);
  const now = inWorldMinutes(state.time) ?? 0;
  const memory = (audience: Audience, text: string, entities: readonly string[]) => (store: KnowledgeStore) =>
    recordKnowledge(store, audience, [
      { kind: 'memory', text, time: now - 60, salience: 6, entities, provenance: { source: 'pack', ref: null } },
    ]);
  const writes = [
    memory({ kind: 'world' }, TEXT.world, ['drowned-lantern']),
    memory({ kind: 'persona' }, TEXT.persona, [KIT]),
    memory({ kind: 'character', id: KIT }, TEXT.kit, [PERSONA]),
    memory({ kind: 'character', id: MAGDALEN }, TEXT.magdalen, [PERSONA]),
    memory({ kind: 'character', id: SILAS }, TEXT.silas, [PERSONA, KIT]),
    (store: KnowledgeStore) =>
      recordLore(store, [{ key: 'Lanterns', content: TEXT.lore }], now - 60, {
        source: 'lore-extractor',
        ref: 'turn 1',
      }),
  ];
  knowledge = writes.reduce((store, write) => write(store), emptyKnowledgeStore());
});

/** The prompt a stage would send, built as the turn builds it: one principal's view, rendered by its template. */
function prompt(stage: ViewStage, principal: string, character?: string): string {
  const request = { stage, principal, cursor: { turn: 1, roundStartSeq: 1 } };
  const inputs = { pack, state, personaId: PERSONA, stream: [], request, knowledge };
  const char = character === undefined ? {} : { char: characterVariables(pack, state, request, character) };
  const context = promptContext(inputs, {
    ...char,
    intention: { owner_name: 'Sam Fairweather', content: 'I look around.' },
    cue: { mood: 'wary', context: 'a question' },
  });
  return book
    .render(stage, context)
    .map((message) => message.content)
    .join('\n');
}

const calls = () => [
  { stage: 'narrator', principal: 'narrator', text: prompt('narrator', 'narrator') },
  { stage: 'persona_intent', principal: PERSONA, text: prompt('persona_intent', PERSONA) },
  ...[KIT, MAGDALEN].flatMap((id) => [
    { stage: 'npc_intent', principal: id, text: prompt('npc_intent', id, id) },
    { stage: 'character_dialog', principal: id, text: prompt('character_dialog', id, id) },
  ]),
];

describe('knowledge graphs in the turn’s prompts', () => {
  it("gives a character's intent and dialog the World KG and its own memories, never another's or the persona's", () => {
    for (const stage of ['npc_intent', 'character_dialog'] as const) {
      const kit = prompt(stage, KIT, KIT);
      expect(kit).toContain(TEXT.world);
      expect(kit).toContain(TEXT.kit);
      for (const hidden of [TEXT.magdalen, TEXT.silas, TEXT.persona]) expect(kit).not.toContain(hidden);
      const magdalen = prompt(stage, MAGDALEN, MAGDALEN);
      expect(magdalen).toContain(TEXT.magdalen);
      for (const hidden of [TEXT.kit, TEXT.silas, TEXT.persona]) expect(magdalen).not.toContain(hidden);
    }
  });

  it('gives the Narrator the World KG only', () => {
    const narrator = prompt('narrator', 'narrator');
    expect(narrator).toContain(TEXT.world);
    for (const hidden of [TEXT.persona, TEXT.kit, TEXT.magdalen, TEXT.silas]) expect(narrator).not.toContain(hidden);
  });

  it("gives the persona's intent the World KG and the persona's memories", () => {
    const persona = prompt('persona_intent', PERSONA);
    expect(persona).toContain(TEXT.world);
    expect(persona).toContain(TEXT.persona);
    for (const hidden of [TEXT.kit, TEXT.magdalen, TEXT.silas]) expect(persona).not.toContain(hidden);
  });

  it('gives extractors nothing of the graphs, and prints lore through the lore block alone', () => {
    for (const [stage, principal] of [
      ['lore_extractor', 'world'],
      ['character_extractor', KIT],
      ['persona_extractor', PERSONA],
    ] as const) {
      const text = prompt(stage, principal);
      for (const entry of Object.values(TEXT)) expect(text).not.toContain(entry);
    }
    expect(prompt('npc_intent', KIT, KIT)).not.toContain(TEXT.lore);
  });

  it('keeps room for world facts when the World KG is full of the pack’s lore (lore is printed by the lore block)', () => {
    const now = inWorldMinutes(state.time) ?? 0;
    const seeded = recordKnowledge(packKnowledge(pack), { kind: 'world' }, [
      { kind: 'fact', text: TEXT.world, time: now - 60, salience: 6, provenance: { source: 'simulation', ref: null } },
    ]);
    const request = { stage: 'narrator' as const, principal: 'narrator', cursor: { turn: 1, roundStartSeq: 1 } };
    const context = promptContext({ pack, state, personaId: PERSONA, stream: [], request, knowledge: seeded });
    expect(context.knowledge.world).toContain(TEXT.world);
  });

  it('passes the leak audit for every stage of every principal', () => {
    const leaks = calls().flatMap((call) =>
      auditKnowledge(
        { stage: call.stage, principal: call.principal, prompt: [{ role: 'user', content: call.text }] },
        knowledge,
        PERSONA,
      ),
    );
    expect(leaks).toEqual([]);
  });

  it("catches a character's memory planted in another character's prompt (the audit itself works)", () => {
    const planted = {
      stage: 'npc_intent',
      principal: KIT,
      prompt: [{ role: 'user' as const, content: TEXT.magdalen }],
    };
    expect(auditKnowledge(planted, knowledge, PERSONA)).toEqual([
      expect.objectContaining({ rule: `${MAGDALEN}'s own knowledge graph leaked`, text: TEXT.magdalen }),
    ]);
    // Two characters told the same rumour hold the same words: in one's own prompt they are its own.
    const rumour = 'Heard from Hester Gull that the light failed.';
    const told = [KIT, MAGDALEN].reduce(
      (store, id) =>
        recordKnowledge(store, { kind: 'character', id }, [
          { kind: 'memory', text: rumour, time: 0, salience: 3, provenance: { source: 'social-ripple', ref: null } },
        ]),
      knowledge,
    );
    const heard = { stage: 'npc_intent', principal: KIT, prompt: [{ role: 'user' as const, content: rumour }] };
    expect(auditKnowledge(heard, told, PERSONA)).toEqual([]);
    const narrator = {
      stage: 'narrator',
      principal: 'narrator',
      prompt: [{ role: 'user' as const, content: TEXT.persona }],
    };
    expect(auditKnowledge(narrator, knowledge, PERSONA)).toHaveLength(1);
  });
});
