import { describe, expect, it } from 'vitest';
import {
  buildSensitivityMap,
  matchSensitivity,
  parseStructure,
  subscriptionSchema,
  type Subscription,
} from '../../../../engine/events/index.ts';
import { harbourLexicon } from './lexicon-fixture.ts';

const doubted: Subscription = subscriptionSchema.parse({
  id: 'silas_doubted',
  subscriber: 'silas',
  predicate: { kind: 'Atom', proposition: 'TrustEroding(player,silas)' },
  sensitivity: [
    { proposition: 'TrustEroding(player,silas)', keywords: ['liar', 'lie'], negated: ['trust'], confidence: 0.7 },
  ],
});
const theme: Subscription = subscriptionSchema.parse({
  id: 'sea_theme',
  subscriber: 'storykeeper',
  predicate: { kind: 'Atom', proposition: 'ThematicResonance(drowning)' },
  sensitivity: [{ proposition: 'ThematicResonance(drowning)', keywords: ['drowned', 'the sea took'] }],
});

const lexicon = harbourLexicon();
const stamp = { turn: 3, sceneId: 'harbour-office', idPrefix: 't3' };
const judge = (text: string, present = ['silas']) =>
  matchSensitivity(buildSensitivityMap([doubted, theme], present), parseStructure(text, lexicon, { present }), stamp);

describe('the sensitivity map', () => {
  it('holds only entries whose characters are present, and themes always', () => {
    expect(buildSensitivityMap([doubted, theme], ['silas']).entries.map((entry) => entry.id)).toEqual([
      'silas_doubted#1',
      'sea_theme#1',
    ]);
    expect(buildSensitivityMap([doubted, theme], ['kit']).entries.map((entry) => entry.id)).toEqual(['sea_theme#1']);
  });
});

describe('Stage 3 sensitivity matching', () => {
  it('turns a plain keyword aimed at the character into a provisional judgment at the baseline confidence', () => {
    const [judgment] = judge('I tell Silas his log is a lie.');
    expect(judgment).toMatchObject({
      id: 't3-1',
      turn: 3,
      scene_id: 'harbour-office',
      standing: 'provisional',
      replaces: null,
      confidence: 0.7,
      category: { kind: 'TrustShift', between: ['player', 'silas'], direction: 'negative', magnitude: 0.15 },
      source: { kind: 'ClassifierAgent', model: 'sensitivity_matcher' },
    });
  });

  it('matches a `negated` keyword only under negation: "I don\'t trust you" erodes trust, "I trust you" does not', () => {
    expect(judge("I tell Silas I don't trust him.")).toHaveLength(1);
    expect(judge('I tell Silas I trust him.')).toHaveLength(0);
  });

  it('does not match a plain keyword under negation: "you are no liar" is not an accusation', () => {
    expect(judge('I tell Silas he is no liar.')).toHaveLength(0);
  });

  it('adds 0.1 for an intensifier', () => {
    expect(judge('I tell Silas he is really a liar.')[0]?.confidence).toBeCloseTo(0.8);
  });

  it('needs the input to be aimed at the character the judgment is about', () => {
    expect(judge('I mutter that somebody is a liar.', ['silas', 'kit'])).toHaveLength(0);
  });

  it('matches multi-word keywords for judgments about no character', () => {
    expect(judge('I say the sea took him.', ['kit']).map((j) => j.category)).toEqual([
      { kind: 'ThematicResonance', theme: 'drowning', intensity: 0.15 },
    ]);
  });

  it('refuses a sensitivity over a factual proposition when the pack is loaded', () => {
    const result = subscriptionSchema.safeParse({
      id: 'x',
      subscriber: 'y',
      predicate: { kind: 'Atom', proposition: 'At(player,quay)' },
      sensitivity: [{ proposition: 'At(player,quay)', keywords: ['quay'] }],
    });
    expect(result.success).toBe(false);
  });
});
