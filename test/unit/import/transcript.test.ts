import { describe, expect, it } from 'vitest';
import { transcriptHtml, transcriptMarkdown, type TranscriptMessage } from '../../../engine/pack/export/index.ts';

const MESSAGES: TranscriptMessage[] = [
  { turnNumber: 1, owner: 'ren', type: 'thought', content: 'Is it safe?', mood: null },
  { turnNumber: 1, owner: 'ren', type: 'intention', content: 'I open the door.', mood: null },
  { turnNumber: 1, owner: 'narrator', type: 'narration', content: 'The door creaks.\n\nDust falls.', mood: null },
  { turnNumber: 1, owner: 'mira', type: 'dialog', content: '"Careful <now> & slow."', mood: 'tense' },
  { turnNumber: 1, owner: 'system', type: 'system', content: 'Saved.', mood: null },
  { turnNumber: 2, owner: 'narrator', type: 'scene_marker', content: 'An hour passes.', mood: null },
  { turnNumber: 2, owner: 'mira', type: 'dialog', content: '"Nothing."', mood: null },
];
const OPTIONS = { title: 'The Lost Tower', names: { ren: 'Ren', mira: 'Mira' } };

describe('transcripts', () => {
  it('renders Markdown: turns, narration, speakers with moods, the player’s intention; no thoughts by default', () => {
    expect(transcriptMarkdown(MESSAGES, OPTIONS)).toBe(
      [
        '# The Lost Tower',
        '## Turn 1',
        '> **Ren:** I open the door.',
        'The door creaks.\n\nDust falls.',
        '**Mira** *(tense)*: "Careful <now> & slow."',
        '## Turn 2',
        '---\n\n*An hour passes.*',
        '**Mira**: "Nothing."',
      ].join('\n\n') + '\n',
    );
  });

  it('includes the player’s thoughts when asked', () => {
    expect(transcriptMarkdown(MESSAGES, { ...OPTIONS, thoughts: true })).toContain('> *Ren thinks:* Is it safe?');
    expect(transcriptHtml(MESSAGES, { ...OPTIONS, thoughts: true })).toContain(
      '<p class="thought"><span class="speaker">Ren thinks:</span> Is it safe?</p>',
    );
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
    expect(transcriptMarkdown(MESSAGES, { title: 'T', names: {} })).toContain('**mira** *(tense)*');
  });
});
