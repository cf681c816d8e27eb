import { describe, expect, it } from 'vitest';
import { transcriptHtml, transcriptMarkdown, type TranscriptMessage } from '../../../engine/pack/export/index.ts';

const MESSAGES: TranscriptMessage[] = [
  { turnNumber: 1, owner: 'ren', type: 'thought', content: 'Is it safe?', mood: null },
  { turnNumber: 1, owner: 'ren', type: 'intention', content: 'I open the door.', mood: null },
  { turnNumber: 1, owner: 'narrator', type: 'narration', content: 'The door creaks.\n\nDust falls.', mood: null },
  { turnNumber: 1, owner: 'mira', type: 'dialog', content: '"Careful <now> & slow."', mood: 'tense' },
  // Mira's own mind: the player never saw it.
  { turnNumber: 1, owner: 'mira', type: 'thought', content: 'He must not find the key.', mood: null },
  { turnNumber: 1, owner: 'mira', type: 'intention', content: 'I hide the key in my sleeve.', mood: null },
  { turnNumber: 1, owner: 'system', type: 'system', content: 'Saved.', mood: null },
  { turnNumber: 2, owner: 'narrator', type: 'scene_marker', content: 'An hour passes.', mood: null },
  { turnNumber: 2, owner: 'mira', type: 'dialog', content: '"Nothing."', mood: null },
  // A whisper between two others, out of Ren's hearing.
  {
    turnNumber: 2,
    owner: 'mira',
    type: 'dialog',
    content: '"Tell no one."',
    mood: null,
    meta: { kind: 'heard', by: ['mira', 'tobias'], whispered: true },
  },
];
const OPTIONS = { title: 'The Lost Tower', personaId: 'ren', names: { ren: 'Ren', mira: 'Mira' } };

describe('transcripts (what the player saw)', () => {
  it('renders Markdown: turns, narration, speakers with moods, the player’s intention; no thoughts by default', () => {
    expect(transcriptMarkdown(MESSAGES, OPTIONS)).toBe(
      [
        '# The Lost Tower',
        '## Turn 1',
        '> **Ren:** I open the door.',
        'The door creaks.\n\nDust falls.',
        '**Mira** *(tense)*: "Careful &lt;now&gt; &amp; slow."',
        '## Turn 2',
        '---\n\n*An hour passes.*',
        '**Mira**: "Nothing."',
      ].join('\n\n') + '\n',
    );
  });

  it('leaves out other characters’ intentions and thoughts, and what the persona did not hear', () => {
    for (const text of [
      transcriptMarkdown(MESSAGES, { ...OPTIONS, thoughts: true }),
      transcriptHtml(MESSAGES, OPTIONS),
    ]) {
      expect(text).not.toContain('hide the key');
      expect(text).not.toContain('must not find');
      expect(text).not.toContain('Tell no one');
    }
  });

  it('includes the player’s own thoughts when asked, and only theirs', () => {
    const markdown = transcriptMarkdown(MESSAGES, { ...OPTIONS, thoughts: true });
    expect(markdown).toContain('> *Ren thinks:* Is it safe?');
    expect(markdown).not.toContain('Mira thinks');
    expect(transcriptHtml(MESSAGES, { ...OPTIONS, thoughts: true })).toContain(
      '<p class="thought"><span class="speaker">Ren thinks:</span> Is it safe?</p>',
    );
  });

  it('opens on the story’s opening paragraph, before the first turn', () => {
    const opening = 'The Quay. Lanterns sway over black water.';
    const markdown = transcriptMarkdown(MESSAGES, { ...OPTIONS, opening });
    expect(markdown.startsWith(`# The Lost Tower\n\n${opening}\n\n## Turn 1`)).toBe(true);
    expect(transcriptHtml(MESSAGES, { ...OPTIONS, opening })).toContain(`<p class="opening">${opening}</p>`);
  });

  it('escapes Markdown: typed HTML stays text, and no text turns into formatting', () => {
    const typed: TranscriptMessage[] = [
      { turnNumber: 1, owner: 'ren', type: 'intention', content: '<script>alert(1)</script> *shout*', mood: null },
      {
        turnNumber: 1,
        owner: 'narrator',
        type: 'narration',
        content: '# Not a heading\n- not a list\n[x](y)',
        mood: null,
      },
    ];
    const markdown = transcriptMarkdown(typed, OPTIONS);
    expect(markdown).not.toMatch(/<script/iu);
    expect(markdown).toContain('&lt;script&gt;alert(1)&lt;/script&gt; \\*shout\\*');
    expect(markdown).toContain('\\# Not a heading\n\\- not a list\n\\[x\\](y)');
  });

  it('renders one escaped, self-contained HTML page', () => {
    const html = transcriptHtml(MESSAGES, { ...OPTIONS, title: 'A <b>bold</b> tale' });
    expect(html).toMatch(/^<!doctype html>/u);
    expect(html).toContain('<title>A &#60;b&#62;bold&#60;/b&#62; tale</title>');
    expect(html).toContain(
      '<span class="speaker">Mira</span> <span class="mood">(tense)</span>: &#34;Careful &#60;now&#62; &#38; slow.&#34;',
    );
    expect(html).toContain('<p class="narration">The door creaks.</p>\n<p class="narration">Dust falls.</p>');
    expect(html).not.toContain('Is it safe?');
    expect(html).not.toContain('Saved.');
    expect(html).not.toMatch(/<script/u);
  });

  it('shows an owner without a known name by its id', () => {
    expect(transcriptMarkdown(MESSAGES, { title: 'T', personaId: 'ren', names: {} })).toContain('**mira** *(tense)*');
  });
});
