import { describe, expect, it } from 'vitest';
import { PromptBook, type ReflectionContext } from '../../../engine/prompts/index.ts';

const text = (messages: readonly { readonly content: string }[]) => messages.map((m) => m.content).join('\n');

const context: ReflectionContext = {
  story: { title: 'Lantern Quay' },
  cast: 'sam-fairweather — Sam Fairweather, kit-wickett — Kit Wickett, drowned-lantern — The Drowned Lantern',
  char: {
    id: 'kit-wickett',
    name: 'Kit Wickett',
    description: 'The lantern girl.',
    personality: 'Quick, hungry, loyal.',
    states: 'curious (mood, 8)',
  },
  location: { id: 'drowned-lantern', name: 'The Drowned Lantern' },
  scene: [{ line: 'The rain hammers the shutters.' }, { line: 'Sam Fairweather: “A room, if you have one.”' }],
  knowledge: { world: ['WORLD-FACT'], own: ['KIT-MEMORY'] },
};

describe('the CharacterReflection template', () => {
  it('gives the instructions and cast, then this one its graphs and its scene, and asks what it remembers', () => {
    const [system, user] = PromptBook.create().book.renderBoundary('character_reflection', context);
    expect(system?.role).toBe('system');
    expect(system?.content).toContain('Lantern Quay');
    expect(user?.content).toContain('Cast: sam-fairweather — Sam Fairweather');
    expect(user?.content).toContain('What anyone could know:\n- WORLD-FACT\n');
    expect(user?.content).toContain('What Kit Wickett remembers from before:\n- KIT-MEMORY\n');
    expect(user?.content).toContain(
      'The scene at The Drowned Lantern (drowned-lantern), as the character named below lived it:\nThe rain hammers the shutters.\n',
    );
    expect(user?.content).toContain('You are Kit Wickett (kit-wickett); the scene above is as you lived it.');
    expect(user?.content.endsWith('What does Kit Wickett remember of this scene?')).toBe(true);
  });

  it('leaves out what a character does not have: no graph lines, no states', () => {
    const bare = { ...context, char: { ...context.char, states: '' }, knowledge: { world: [], own: [] } };
    const prompt = text(PromptBook.create().book.renderBoundary('character_reflection', bare));
    expect(prompt).not.toContain('What anyone could know');
    expect(prompt).not.toContain('remembers from before');
    expect(prompt).not.toContain('You are: ');
  });

  it("is a pack's to override with prompts/character_reflection.hbs", () => {
    const { book, problems } = PromptBook.create({
      character_reflection: 'Remember as {{char.name}}: {{#each scene}}{{line}} {{/each}}',
    });
    expect(problems).toEqual([]);
    expect(text(book.renderBoundary('character_reflection', context))).toMatch(
      /^Remember as Kit Wickett: The rain hammers the shutters\. Sam Fairweather: /u,
    );
  });
});
