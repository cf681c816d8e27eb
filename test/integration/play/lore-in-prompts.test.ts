import { beforeAll, describe, expect, it } from 'vitest';
import { PLAYER, TruthSet } from '../../../engine/events/index.ts';
import type { LoreEntry, StoryPack } from '../../../engine/pack/index.ts';
import { PromptBook } from '../../../engine/prompts/index.ts';
import { narrativeFromPack } from '../../../engine/storykeeper/index.ts';
import type { StreamEntry, ViewStage } from '../../../engine/stream/index.ts';
import { initialPlayState, type PlayState } from '../../../engine/turn/index.ts';
import { characterVariables, promptContext } from '../../../engine/turn/prompt-view.ts';
import { landscapeNow, loreOfView, retrievedContext } from '../../../engine/storykeeper/index.ts';
import { configOf } from '../../../engine/storykeeper/adapters/pack-config.ts';
import { lanternQuay, PERSONA } from '../../support/packs.ts';

const KIT = 'kit-wickett';
const MAGDALEN = 'magdalen-rook';
const GATE = 'sam_is_the_boards_man';

function lore(id: string, key: string, content: string, fields: Partial<LoreEntry> = {}): LoreEntry {
  return {
    id,
    key,
    aliases: [],
    content,
    audience: 'world',
    tags: [],
    secondaryKeys: [],
    selectiveLogic: 'and_any',
    constant: false,
    order: 100,
    disabled: false,
    extensions: {},
    ...fields,
  };
}

// A small lorebook built in code, so these rules hold whether or not the community fixtures are present.
const BOOK = [
  lore('bell-law', 'bell law', 'CONSTANT-LORE: no bell rings after the curfew.', { constant: true }),
  lore('tide', 'tide', 'TIDE-LORE: the spring tide floods the lower steps.'),
  lore('vault', 'vault', 'VAULT-LORE: the vault lies under the chapel.'),
  lore('badge', 'tide', 'GATED-LORE: the Board sends its men on the spring tide.', { tags: [GATE] }),
  lore('kit-secret', 'tide', 'KIT-SECRET: Kit counts the lanterns twice.', { audience: KIT }),
];

let pack: StoryPack;
let state: PlayState;
const book = PromptBook.create().book;

const everyone = [PERSONA, KIT, MAGDALEN];
function entry(seq: number, owner: string, type: StreamEntry['type'], content: string, by = everyone): StreamEntry {
  const whispered = by.length < everyone.length ? { whispered: true as const } : {};
  return { turn: 1, seq, owner, type, content, mood: null, meta: { kind: 'heard', by, ...whispered } };
}

// Turn 1: everyone hears of the tide; the persona whispers of the vault to Kit alone.
const STREAM: StreamEntry[] = [
  entry(1, 'narrator', 'narration', 'The tide is turning at the quay.'),
  entry(2, PERSONA, 'dialog', 'Meet me by the vault tonight.', [PERSONA, KIT]),
];

beforeAll(async () => {
  const base = await lanternQuay();
  pack = { ...base, lore: BOOK };
  state = {
    ...initialPlayState(pack, PERSONA),
    lore: Array.from({ length: 30 }, (_, i) => ({
      key: `fact ${i + 1}`,
      content: `LEARNED-${i + 1}: something learned.`,
      turn: 1,
    })),
  };
});

function prompt(stage: ViewStage, principal: string, stream = STREAM, character?: string): string {
  const request = { stage, principal, cursor: { turn: 2, roundStartSeq: 1 } };
  const char = character === undefined ? {} : { char: characterVariables(pack, state, request, character) };
  const context = promptContext(
    { pack, state, personaId: PERSONA, stream, request },
    { ...char, intention: { owner_name: 'Sam Fairweather', content: 'I wait.' }, cue: { mood: 'wary', context: '' } },
  );
  return book
    .render(stage, context)
    .map((message) => message.content)
    .join('\n');
}

describe('lore in stage prompts', () => {
  it('a whispered line never activates lore for a character who did not hear it', () => {
    const magdalen = prompt('npc_intent', MAGDALEN, STREAM, MAGDALEN);
    const kit = prompt('npc_intent', KIT, STREAM, KIT);
    expect(magdalen).toContain('TIDE-LORE');
    expect(magdalen).not.toContain('VAULT-LORE');
    expect(kit).toContain('VAULT-LORE');
  });

  it('gives a character its own secret lore and never another’s', () => {
    expect(prompt('npc_intent', KIT, STREAM, KIT)).toContain('KIT-SECRET');
    expect(prompt('npc_intent', MAGDALEN, STREAM, MAGDALEN)).not.toContain('KIT-SECRET');
    expect(prompt('narrator', 'narrator')).not.toContain('KIT-SECRET');
  });

  it('puts only constant lore in the Narrator’s preamble: the rest goes through the retrieved tier', () => {
    const narrator = prompt('narrator', 'narrator');
    expect(narrator).toContain('CONSTANT-LORE');
    expect(narrator).not.toMatch(/TIDE-LORE|VAULT-LORE|LEARNED-/u);
  });

  it('gives other stages the learned facts their messages name and the most recent, not all of them', () => {
    const named = [...STREAM, entry(3, 'narrator', 'narration', 'Everyone remembers fact 2 now.')];
    const magdalen = prompt('npc_intent', MAGDALEN, named, MAGDALEN);
    expect(magdalen).toContain('LEARNED-2:');
    expect(magdalen).toContain('LEARNED-30:');
    expect(magdalen).toContain('LEARNED-26:');
    expect(magdalen).not.toContain('LEARNED-25:');
    expect(magdalen).not.toContain('LEARNED-1:');
  });
});

describe('lore in a character’s prompts over one turn', () => {
  // Turn 2's lines, after turn 1's (STREAM): enough of them that turn 1's lines leave the lore's scan window.
  const turnTwo = (lines: readonly string[]): StreamEntry[] =>
    lines.map((content, index) => ({ ...entry(10 + index, 'narrator', 'narration', content), turn: 2 }));
  const stream = [
    ...STREAM,
    ...turnTwo(['Rain.', 'The vault door is shut.', 'More rain.', 'Someone mentions the vault again.', 'Wind.']),
  ];

  it('keeps the lore the story before the turn activated, printed before the turn’s own lines', () => {
    for (const stage of ['npc_intent', 'character_dialog'] as const) {
      const kit = prompt(stage, KIT, stream, KIT);
      // Turn 1 named the tide; five lines later it is out of the scan window, and still in the prompt, once.
      expect(kit.split('TIDE-LORE').length - 1, stage).toBe(1);
      expect(kit.indexOf('TIDE-LORE'), stage).toBeLessThan(kit.indexOf('This turn so far:'));
    }
  });

  it('keeps what the last turn brought to mind one turn more, however many lines it had, and no longer', () => {
    const quiet = (turn: number, from: number) =>
      ['Rain.', 'Wind.', 'More rain.', 'The fire.', 'Gulls.'].map((content, index) => ({
        ...entry(from + index, 'narrator', 'narration', content),
        turn,
      }));
    // Turn 0 named the tide, turn 1 the vault; each then went on for five lines, past the scan depth of four.
    const story = [
      { ...entry(1, 'narrator', 'narration', 'The tide is turning at the quay.'), turn: 0 },
      ...quiet(0, 2),
      entry(10, 'narrator', 'narration', 'The vault door is shut.'),
      ...quiet(1, 11),
    ];
    const kit = prompt('npc_intent', KIT, story, KIT);
    expect(kit).toContain('VAULT-LORE');
    expect(kit).not.toContain('TIDE-LORE');
  });

  it('prints what a line of the turn is the first to activate right after that line, and only there', () => {
    const magdalen = prompt('npc_intent', MAGDALEN, stream, MAGDALEN);
    expect(magdalen.split('VAULT-LORE').length - 1).toBe(1);
    const first = magdalen.indexOf('The vault door is shut.');
    expect(magdalen.indexOf('More rain.')).toBeGreaterThan(magdalen.indexOf('VAULT-LORE'));
    expect(magdalen.indexOf('VAULT-LORE')).toBeGreaterThan(first);
    // The call before this one, with the turn one line shorter, is this prompt's beginning up to where the line goes.
    const earlier = prompt('npc_intent', MAGDALEN, stream.slice(0, -1), MAGDALEN);
    const upToLine = magdalen.indexOf('Wind.');
    expect(earlier.slice(0, upToLine)).toBe(magdalen.slice(0, upToLine));
  });
});

describe('lore in the Lore Extractor’s prompt', () => {
  const passage = (content: string): StreamEntry[] => [{ ...entry(1, 'narrator', 'narration', content), turn: 2 }];

  it('holds what the place brings to mind first, learned facts first, then what only the passage names', () => {
    const saved = pack;
    const place = pack.locations.find((location) => location.id === state.location);
    pack = { ...pack, lore: [...BOOK, lore('place', place?.name ?? state.location, 'PLACE-LORE: the fire smokes.')] };
    try {
      const vault = prompt('lore_extractor', 'world', passage('The vault door is shut.'));
      const order = ['LEARNED-30:', 'CONSTANT-LORE', 'PLACE-LORE', 'VAULT-LORE', 'The new passage:'];
      const at = order.map((text) => vault.indexOf(text));
      expect(at.every((index) => index >= 0)).toBe(true);
      expect([...at].sort((a, b) => a - b)).toEqual(at);
      // Another passage's prompt agrees through the place's lore: the warmed head of every call of the scene.
      const tide = prompt('lore_extractor', 'world', passage('The tide is in.'));
      const held = vault.indexOf('\n', vault.indexOf('PLACE-LORE'));
      expect(tide.slice(0, held)).toBe(vault.slice(0, held));
      expect(tide).toContain('TIDE-LORE');
    } finally {
      pack = saved;
    }
  });

  it('leaves what the passage names room however much the place brings to mind', () => {
    const saved = pack;
    const name = pack.locations.find((location) => location.id === state.location)?.name ?? state.location;
    const long = 'The smoke hangs under the beams. '.repeat(12);
    const places = Array.from({ length: 10 }, (_, i) => lore(`place-${i}`, name, `PLACE-${i}: ${long}`));
    // About a fifth of the budget: more than the place would leave if it could take all of it.
    const deep = lore('vault-deep', 'vault', `VAULT-DEEP: ${'The vault is cold and deep. '.repeat(16)}`);
    pack = { ...pack, lore: [...BOOK, deep, ...places] };
    try {
      const vault = prompt('lore_extractor', 'world', passage('The vault door is shut.'));
      expect(vault).toContain('PLACE-0:');
      // Ten of them would fill the budget twice over: the place keeps to its share.
      expect(vault).not.toContain('PLACE-9:');
      expect(vault).toContain('VAULT-LORE');
      expect(vault).toContain('VAULT-DEEP');
    } finally {
      pack = saved;
    }
  });
});

describe('lore in the retrieved tier', () => {
  function tier(truth: TruthSet) {
    const landscape = landscapeNow(pack, { truth, turn: 2, location: state.location, persona: PERSONA });
    const intention: StreamEntry = { ...entry(3, PERSONA, 'intention', 'I look at the tide.'), meta: null };
    const stream = [...STREAM, intention];
    const view = { stage: 'narrator', principal: 'narrator', cursor: { turn: 1, roundStartSeq: 3 } } as const;
    return retrievedContext(
      {
        pack,
        graph: narrativeFromPack(pack.narrative),
        truth,
        minConfidence: 0.5,
        turn: 1,
        landscape,
        parse: null,
        present: [KIT, MAGDALEN],
        directives: [],
        opened: [],
        lore: loreOfView(pack, state.lore, stream, { ...view, resolving: intention }, PERSONA),
      },
      configOf(pack),
    );
  }

  it('proposes activated lore with the key that matched; the gate’s lore stays withheld while the gate is closed', () => {
    const { report, lines } = tier(new TruthSet());
    const tide = report.candidates.find((candidate) => candidate.id === 'lore:tide');
    expect(tide).toMatchObject({ source: 'lore', activation: 'key "tide" in the recent messages' });
    // The Narrator heard the whisper (it narrates for the persona), so the vault is in play for it.
    expect(report.candidates.some((candidate) => candidate.id === 'lore:vault')).toBe(true);
    const gated = report.candidates.find((candidate) => candidate.id === 'lore:badge');
    expect(gated).toMatchObject({ boundary: 'withheld', selected: false, dropped: 'information_boundary', text: '' });
    expect(lines.join('\n')).not.toContain('GATED-LORE');
    expect(report.preamble).toMatchObject({ entries: [{ id: 'bell-law', kept: true }] });
  });

  it('releases a gated entry once its gate has told the protagonist', () => {
    const truth = new TruthSet();
    truth.factual.set(`Knows(${PLAYER},${GATE})`, { since: { turn: 1, seq: 1 }, slot: null });
    const badge = tier(truth).report.candidates.find((candidate) => candidate.id === 'lore:badge');
    expect(badge).toMatchObject({ boundary: 'known', dropped: expect.not.stringMatching(/information_boundary/u) });
    expect(badge?.text).toContain('GATED-LORE');
  });

  it('lets lore compete for the budget: what does not fit is dropped, said so', () => {
    const tight = {
      ...pack,
      manifest: { ...pack.manifest, tuning: { ...pack.manifest.tuning, storykeeper: { retrievedTierBudget: 12 } } },
    };
    const saved = pack;
    pack = tight;
    try {
      const { report } = tier(new TruthSet());
      expect(report.tokens).toBeLessThanOrEqual(12 + report.overBudget);
      expect(
        report.candidates.filter((c) => c.source === 'lore' && c.dropped === 'over_budget').length,
      ).toBeGreaterThan(0);
    } finally {
      pack = saved;
    }
  });
});
