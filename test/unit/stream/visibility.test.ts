import { describe, expect, it } from 'vitest';
import {
  buildView,
  isVisibleToPlayer,
  visibleStates,
  VIEW_STAGES,
  type StreamEntry,
  type ViewRequest,
} from '../../../engine/stream/index.ts';

// A two-turn stream with every message type, owned by the persona ("ren"), an NPC ("mara") and another ("tobin").
// Turn 2 is in progress: round 1 was ren's (seq 1–4), round 2 is mara's (from seq 5).
const labelled: ReadonlyArray<readonly [string, Omit<StreamEntry, 'mood' | 'meta'>]> = [
  ['t1.marker', { turn: 1, seq: 1, owner: 'system', type: 'scene_marker', content: 'scene opens' }],
  ['t1.ren.thought', { turn: 1, seq: 2, owner: 'ren', type: 'thought', content: 'ren thinks' }],
  ['t1.ren.intention', { turn: 1, seq: 3, owner: 'ren', type: 'intention', content: 'ren intends' }],
  ['t1.narration', { turn: 1, seq: 4, owner: 'narrator', type: 'narration', content: 'the quay' }],
  ['t1.mara.dialog', { turn: 1, seq: 5, owner: 'mara', type: 'dialog', content: 'mara speaks' }],
  ['t1.mara.thought', { turn: 1, seq: 6, owner: 'mara', type: 'thought', content: 'mara thinks' }],
  ['t1.mara.intention', { turn: 1, seq: 7, owner: 'mara', type: 'intention', content: 'mara intends' }],
  ['t1.tobin.thought', { turn: 1, seq: 8, owner: 'tobin', type: 'thought', content: 'tobin thinks' }],
  ['t1.tobin.intention', { turn: 1, seq: 9, owner: 'tobin', type: 'intention', content: 'tobin intends' }],
  ['t1.system', { turn: 1, seq: 10, owner: 'system', type: 'system', content: 'extractor summary' }],
  ['t2.ren.thought', { turn: 2, seq: 1, owner: 'ren', type: 'thought', content: 'ren thinks again' }],
  ['t2.ren.intention', { turn: 2, seq: 2, owner: 'ren', type: 'intention', content: 'ren intends again' }],
  ['t2.narration', { turn: 2, seq: 3, owner: 'narrator', type: 'narration', content: 'gulls' }],
  ['t2.tobin.dialog', { turn: 2, seq: 4, owner: 'tobin', type: 'dialog', content: 'tobin speaks' }],
  ['t2.mara.thought', { turn: 2, seq: 5, owner: 'mara', type: 'thought', content: 'mara thinks again' }],
  ['t2.mara.intention', { turn: 2, seq: 6, owner: 'mara', type: 'intention', content: 'mara intends again' }],
  ['t2.mara.narration', { turn: 2, seq: 7, owner: 'narrator', type: 'narration', content: 'mara acts' }],
  ['t2.mara.dialog', { turn: 2, seq: 8, owner: 'mara', type: 'dialog', content: 'mara speaks again' }],
];
const stream: StreamEntry[] = labelled.map(([, entry]) => ({ ...entry, mood: null, meta: null }));
const label = (entry: StreamEntry) => labelled[stream.indexOf(entry)]?.[0];
const maraRound = { turn: 2, roundStartSeq: 5 };
const renRound = { turn: 2, roundStartSeq: 1 };

const pastPublic = ['t1.narration', 't1.mara.dialog'];
const currentPublicBeforeMara = ['t2.narration', 't2.tobin.dialog'];
const maraRoundPublic = ['t2.mara.narration', 't2.mara.dialog'];

const cases: ReadonlyArray<readonly [string, ViewRequest, readonly string[]]> = [
  [
    'Persona Intent: all narration and dialog, own intentions and thoughts only, no markers',
    { stage: 'persona_intent', principal: 'ren', cursor: maraRound },
    [
      't1.ren.thought',
      't1.ren.intention',
      ...pastPublic,
      't2.ren.thought',
      't2.ren.intention',
      ...currentPublicBeforeMara,
      ...maraRoundPublic,
    ],
  ],
  [
    'NPC Intent: the same rule for a character (incl. this turn so far); never another’s thoughts or intentions',
    { stage: 'npc_intent', principal: 'mara', cursor: maraRound },
    [
      ...pastPublic,
      't1.mara.thought',
      't1.mara.intention',
      ...currentPublicBeforeMara,
      't2.mara.thought',
      't2.mara.intention',
      ...maraRoundPublic,
    ],
  ],
  [
    'Narrator: scene markers, all narration and dialog, exactly the one intention it resolves, no thoughts',
    { stage: 'narrator', principal: 'narrator', cursor: maraRound, resolving: { turn: 2, seq: 6 } },
    ['t1.marker', ...pastPublic, ...currentPublicBeforeMara, 't2.mara.intention', ...maraRoundPublic],
  ],
  [
    'Narrator without an intention to resolve sees none',
    { stage: 'narrator', principal: 'narrator', cursor: maraRound },
    ['t1.marker', ...pastPublic, ...currentPublicBeforeMara, ...maraRoundPublic],
  ],
  [
    'Character Dialog: narration and dialog only — no intentions, thoughts or markers',
    { stage: 'character_dialog', principal: 'mara', cursor: maraRound },
    [...pastPublic, ...currentPublicBeforeMara, ...maraRoundPublic],
  ],
  [
    'Character Extractor: narration/dialog before this round, own last intention, own thoughts',
    { stage: 'character_extractor', principal: 'mara', cursor: maraRound },
    [...pastPublic, 't1.mara.thought', ...currentPublicBeforeMara, 't2.mara.thought', 't2.mara.intention'],
  ],
  [
    'Persona Extractor: the persona’s round excludes its own round’s narration',
    { stage: 'persona_extractor', principal: 'ren', cursor: renRound },
    ['t1.ren.thought', ...pastPublic, 't2.ren.thought', 't2.ren.intention'],
  ],
  [
    'Lore Extractor: only the current round’s narration and dialog',
    { stage: 'lore_extractor', principal: 'world', cursor: maraRound },
    maraRoundPublic,
  ],
];

describe('the visibility matrix', () => {
  it.each(cases)('%s', (_name, request, expected) => {
    expect(buildView(stream, request).map(label)).toEqual(expected);
  });

  it('covers every stage of the matrix', () => {
    expect(new Set(cases.map(([, request]) => request.stage))).toEqual(new Set(VIEW_STAGES));
  });

  it.each(VIEW_STAGES)('%s never sees system messages nor another principal’s thoughts', (stage) => {
    const view = buildView(stream, { stage, principal: 'mara', cursor: maraRound, resolving: { turn: 2, seq: 6 } });
    expect(view.some((entry) => entry.type === 'system')).toBe(false);
    expect(view.some((entry) => entry.type === 'thought' && entry.owner !== 'mara')).toBe(false);
  });

  it.each(VIEW_STAGES.filter((stage) => stage !== 'narrator'))('%s never sees scene markers', (stage) => {
    const view = buildView(stream, { stage, principal: 'ren', cursor: maraRound });
    expect(view.some((entry) => entry.type === 'scene_marker')).toBe(false);
  });
});

describe('witnesses', () => {
  // Turn 3: ren whispers to mara while tobin stands by; then, with tobin gone, the narration of the quay.
  const heard = (by: string[]) => ({ kind: 'heard', by }) as const;
  const witnessed: StreamEntry[] = [
    {
      turn: 3,
      seq: 1,
      owner: 'narrator',
      type: 'narration',
      content: 'ren leans close',
      mood: null,
      meta: heard(['ren', 'mara']),
    },
    {
      turn: 3,
      seq: 2,
      owner: 'mara',
      type: 'dialog',
      content: 'the key is mine',
      mood: null,
      meta: heard(['ren', 'mara']),
    },
    {
      turn: 3,
      seq: 3,
      owner: 'narrator',
      type: 'narration',
      content: 'gulls',
      mood: null,
      meta: heard(['ren', 'mara']),
    },
  ];
  const seen = (stage: ViewRequest['stage'], principal: string) =>
    buildView(witnessed, { stage, principal, cursor: { turn: 4, roundStartSeq: 1 } }).map((entry) => entry.content);

  it('keeps what a character did not witness out of its intent, dialog and extractor views', () => {
    expect(seen('npc_intent', 'tobin')).toEqual([]);
    expect(seen('character_dialog', 'tobin')).toEqual([]);
    expect(seen('character_extractor', 'tobin')).toEqual([]);
    expect(seen('npc_intent', 'mara')).toEqual(['ren leans close', 'the key is mine', 'gulls']);
    expect(seen('persona_intent', 'ren')).toEqual(['ren leans close', 'the key is mine', 'gulls']);
  });

  it('still shows the Narrator everything, and counts messages without witnesses as public', () => {
    expect(seen('narrator', 'narrator')).toEqual(['ren leans close', 'the key is mine', 'gulls']);
    const old = witnessed.map((entry) => ({ ...entry, meta: null }));
    const view = buildView(old, { stage: 'npc_intent', principal: 'tobin', cursor: { turn: 4, roundStartSeq: 1 } });
    expect(view).toHaveLength(3);
  });

  it('keeps a whisper out of the Lore Extractor: the world does not learn it', () => {
    const whisper = witnessed.map((entry) => ({
      ...entry,
      meta: { ...heard(['ren', 'mara']), whispered: true as const },
    }));
    const lore = buildView(whisper, {
      stage: 'lore_extractor',
      principal: 'world',
      cursor: { turn: 3, roundStartSeq: 1 },
    });
    expect(lore).toEqual([]);
    expect(
      buildView(witnessed, { stage: 'lore_extractor', principal: 'world', cursor: { turn: 3, roundStartSeq: 1 } }),
    ).toHaveLength(3);
  });
});

describe('state visibility', () => {
  const states = [
    { name: 'calm', level: 8, category: 'mood' },
    { name: 'buried rage', level: 5, category: 'mood' },
    { name: 'threshold', level: 6, category: 'mood' },
  ];
  const names = (list: readonly { name: string }[]) => list.map((state) => state.name);

  it('gives extractors every state of their own principal, and none of another’s', () => {
    expect(names(visibleStates('character_extractor', 'mara', 'mara', states))).toEqual([
      'calm',
      'buried rage',
      'threshold',
    ]);
    expect(visibleStates('character_extractor', 'mara', 'tobin', states)).toEqual([]);
    expect(names(visibleStates('persona_extractor', 'ren', 'ren', states))).toEqual([
      'calm',
      'buried rage',
      'threshold',
    ]);
  });

  it('gives intent and dialog stages only their own manifest (level ≥ 6) states', () => {
    for (const stage of ['npc_intent', 'persona_intent', 'character_dialog'] as const) {
      expect(names(visibleStates(stage, 'mara', 'mara', states))).toEqual(['calm', 'threshold']);
      expect(visibleStates(stage, 'mara', 'tobin', states)).toEqual([]);
    }
  });

  it('gives the Narrator every character’s manifest states and the Lore Extractor none', () => {
    expect(names(visibleStates('narrator', 'narrator', 'tobin', states))).toEqual(['calm', 'threshold']);
    expect(visibleStates('lore_extractor', 'world', 'mara', states)).toEqual([]);
  });
});

describe('the player’s view', () => {
  it('shows prose, dialog, markers and the player’s own inner life; others’ only in sandbox', () => {
    const shown = (sandbox: boolean) => stream.filter((entry) => isVisibleToPlayer(entry, 'ren', sandbox)).map(label);
    expect(shown(false)).toEqual([
      't1.marker',
      't1.ren.thought',
      't1.ren.intention',
      't1.narration',
      't1.mara.dialog',
      't2.ren.thought',
      't2.ren.intention',
      't2.narration',
      't2.tobin.dialog',
      't2.mara.narration',
      't2.mara.dialog',
    ]);
    expect(shown(true)).toHaveLength(stream.length - 1);
  });
});
