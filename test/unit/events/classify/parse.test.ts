import { describe, expect, it } from 'vitest';
import { parseStructure } from '../../../../engine/events/index.ts';
import { harbourLexicon } from './lexicon-fixture.ts';

const lexicon = harbourLexicon();
const parse = (text: string, present: string[] = ['kit', 'silas'], whisperTo?: string) =>
  parseStructure(text, lexicon, { present, ...(whisperTo === undefined ? {} : { whisperTo }) });

describe('Stage 1 structural parsing', () => {
  it('reads speech to a named character, by alias, as a SpeechAct with its addressee', () => {
    const result = parse('I ask the harbourmaster where the Merlin is moored.');
    expect(result.actions).toEqual([expect.objectContaining({ kind: 'speech', action: 'speak', addressee: 'silas' })]);
    expect(result.mentioned).toEqual([{ id: 'silas', kind: 'character' }]);
  });

  it('splits an input into one action per clause and carries verbless clauses to the action before them', () => {
    const result = parse('I show Silas my badge, the log too, and walk out onto Lantern Quay.');
    expect(result.actions.map((action) => [action.action, action.targets.map((t) => t.id)])).toEqual([
      ['show', ['silas', 'badge', 'log']],
      ['move', ['quay']],
    ]);
    expect(result.summary).toBe('show (silas, badge, log); move (quay)');
  });

  it('prefers the longest name, so "loose floorboard" is one object and not two words', () => {
    expect(parse('I lift the loose floorboard.').actions[0]?.targets).toEqual([{ id: 'board', kind: 'object' }]);
  });

  it('resolves a possessive to its owner: "Kit’s palm" names Kit', () => {
    expect(parse('I press a coin into Kit’s palm.').mentioned).toEqual([{ id: 'kit', kind: 'character' }]);
  });

  it('never resolves the persona as a target, even by full name', () => {
    expect(parse('Sam Fairweather takes the badge.').mentioned).toEqual([{ id: 'badge', kind: 'object' }]);
  });

  it('sends speech that names nobody to the only other person present, or to the whisper target', () => {
    expect(parse('I say that the rain will stop.', ['kit']).actions[0]?.addressee).toBe('kit');
    expect(parse('I say that the rain will stop.').actions[0]?.addressee).toBeNull();
    expect(parse('I ask who might know.', ['kit', 'silas'], 'kit').actions[0]?.addressee).toBe('kit');
  });

  it('treats quoted words as speech even without a speech verb', () => {
    expect(parse('"Nobody leaves," to Kit.').actions).toEqual([
      expect.objectContaining({ kind: 'speech', addressee: 'kit' }),
    ]);
  });

  it("reports a verb the world forbids as the constraint it runs into, with the pack's reason", () => {
    expect(parse('I fly up to the roof.').constraint).toEqual({
      id: 'no_flight',
      verb: 'fly',
      reason: 'Nobody here can fly.',
    });
  });

  it('marks the words in a negation’s reach, stopping at "but" and the end of a clause', () => {
    const words = parse("I don't trust you, but I trust Kit.").tokens;
    const trust = words.filter((token) => token.word === 'trust').map((token) => token.negated);
    expect(trust).toEqual([true, false]);
  });

  it('marks words after an intensifier', () => {
    const tokens = parse('I really doubt him.').tokens;
    expect(tokens.find((token) => token.word === 'doubt')).toMatchObject({ intensified: true });
  });

  it('finds no action in words without a known verb', () => {
    expect(parse('Rain, and more rain.').summary).toBe('no recognised action');
  });
});
