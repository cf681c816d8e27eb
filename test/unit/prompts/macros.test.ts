import { describe, expect, it } from 'vitest';
import { PromptBook, expandMacros, hasMacros } from '../../../engine/prompts/index.ts';
import { initialPlayState, playMacros } from '../../../engine/turn/index.ts';
import { promptContext } from '../../../engine/turn/prompt-view.ts';
import { lanternQuay, PERSONA } from '../../support/packs.ts';

const VALUES = { char: 'Mara', user: 'Sam', time: '21:40', date: '14 May 1723' };

describe('expandMacros (card and lorebook macros)', () => {
  it('fills {{char}} and {{user}} in any case and spacing, and the old <BOT>/<USER> spellings', () => {
    expect(expandMacros('{{char}} greets {{user}}. {{User}} nods; {{ CHAR }} smiles.', VALUES)).toBe(
      'Mara greets Sam. Sam nods; Mara smiles.',
    );
    expect(expandMacros('<BOT> looks at <USER>.', VALUES)).toBe('Mara looks at Sam.');
  });

  it('fills the in-world {{time}} and {{date}}, and {{original}} with what the caller gives (else nothing)', () => {
    expect(expandMacros('It is {{time}} on {{date}}.', VALUES)).toBe('It is 21:40 on 14 May 1723.');
    expect(expandMacros('{{original}}\nStay in character.', VALUES)).toBe('\nStay in character.');
    expect(expandMacros('{{original}} and more', { ...VALUES, original: 'Be brief.' })).toBe('Be brief. and more');
  });

  it('leaves {{time}}/{{date}} for a later pass when not given, and unknown macros as written', () => {
    expect(expandMacros('{{time}} {{random:a,b}} {{char}}', { char: 'Mara', user: 'Sam' })).toBe(
      '{{time}} {{random:a,b}} Mara',
    );
    expect(hasMacros('{{random:a,b}}')).toBe(false);
    expect(hasMacros('Hello {{User}}')).toBe(true);
  });
});

describe('playMacros (who {{char}} is, per owner)', () => {
  it('names each character in its own text, the persona as {{user}}, and the lead elsewhere', async () => {
    const base = await lanternQuay();
    const [first, second] = base.characters;
    if (first === undefined || second === undefined) throw new Error('Lantern Quay has two characters');
    const pack = {
      ...base,
      characters: base.characters.map((character) =>
        character.id === second.id
          ? {
              ...character,
              description: '{{char}} watches {{user}}.',
              extensions: { storyloom_card: { nickname: 'Nick', first_mes: 'Hi {{user}}, I am {{char}}.' } },
            }
          : { ...character, description: '{{char}} is here.' },
      ),
      lore: [
        ...base.lore.slice(0, 1).map((entry) => ({ ...entry, audience: first.id, content: 'Only {{char}} knows.' })),
      ],
    };
    const persona = base.personas.find((candidate) => candidate.id === PERSONA)?.name ?? '';
    const macros = playMacros(pack, PERSONA);
    const byId = new Map(macros.pack.characters.map((character) => [character.id, character]));
    expect(byId.get(first.id)?.description).toBe(`${first.name} is here.`);
    // A card's nickname is what {{char}} names (V3), in its sheet and in its card fields alike.
    expect(byId.get(second.id)?.description).toBe(`Nick watches ${persona}.`);
    expect(byId.get(second.id)?.extensions).toEqual({
      storyloom_card: { nickname: 'Nick', first_mes: `Hi ${persona}, I am Nick.` },
    });
    expect(macros.pack.lore[0]?.content).toBe(`Only ${first.name} knows.`);
    // Text no character owns: the stage's character, else the lead (the first that came from a card).
    expect(macros.values('1723-05-14T21:40', null)).toEqual({
      char: 'Nick',
      user: persona,
      time: '21:40',
      date: '14 May 1723',
    });
    expect(macros.values('1723-05-14T21:40', first.id).char).toBe(first.name);
  });

  it('expands the rendered prompt of a PromptBook given macros, and only then', async () => {
    const pack = await lanternQuay();
    const request = { stage: 'lore_extractor', principal: 'narrator', cursor: { turn: 1, roundStartSeq: 1 } } as const;
    const inputs = { pack, state: initialPlayState(pack, PERSONA), personaId: PERSONA, stream: [], request };
    const context = promptContext(inputs, { lore: { text: '{{user}} meets {{char}} at {{time}}.', learned: '' } });
    const template = { lore_extractor: 'Lore: {{lore.text}}' };
    const plain = PromptBook.create(template).book;
    expect(plain.render('lore_extractor', context).map((message) => message.content)).toEqual([
      'Lore: {{user}} meets {{char}} at {{time}}.',
    ]);
    const rendered = plain.withMacros(() => VALUES).render('lore_extractor', context);
    expect(rendered.map((message) => message.content)).toEqual(['Lore: Sam meets Mara at 21:40.']);
  });
});
