import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MessageView } from '../../../renderer/play/MessageView.tsx';
import { FailureNotice } from '../../../renderer/play/FailureNotice.tsx';
import { CallNumbers } from '../../../renderer/debug/CallNumbers.tsx';
import { message } from './fixtures.ts';

// Components render to static markup in node: no DOM needed to check what each kind of message looks like.
const names = (owner: string) => ({ 'odile-fenn': 'Odile Fenn', 'robin-ashby': 'Robin Ashby' })[owner] ?? owner;
const render = (props: Parameters<typeof MessageView>[0]) => renderToStaticMarkup(createElement(MessageView, props));

describe('message views', () => {
  it('gives dialog its speaker and mood', () => {
    const html = render({
      message: message(1, { type: 'dialog', owner: 'odile-fenn', mood: 'delighted', content: 'Ready?' }),
      personaId: 'robin-ashby',
      names,
    });
    expect(html).toContain('<span class="speaker-name">Odile Fenn</span>');
    expect(html).toContain('<span class="mood">delighted</span>');
    expect(html).toContain('Ready?');
  });

  it('speaks the player’s own thought and intention in the second person, others’ by name', () => {
    const own = render({
      message: message(1, { type: 'thought', owner: 'robin-ashby' }),
      personaId: 'robin-ashby',
      names,
    });
    expect(own).toContain('class="msg thought own"');
    expect(own).toContain('You think');
    const other = render({
      message: message(2, { type: 'intention', owner: 'odile-fenn' }),
      personaId: 'robin-ashby',
      names,
    });
    expect(other).toContain('class="msg intention other"');
    expect(other).toContain('Odile Fenn intends');
  });

  it('draws scene markers as section breaks and marks the message being written', () => {
    const marker = render({ message: message(1, { type: 'scene_marker', owner: 'system' }), personaId: 'r', names });
    expect(marker).toContain('role="separator"');
    const writing = render({ message: message(2), personaId: 'r', names, pending: 'writing' });
    expect(writing).toContain('class="msg narration pending writing"');
    expect(render({ message: message(3, { type: 'system' }), personaId: 'r', names })).toBe('');
  });
});

describe('failure and debug views', () => {
  it('names the failing stage and its reason, with Retry', () => {
    const html = renderToStaticMarkup(
      createElement(FailureNotice, {
        failure: { turn: 2, stage: 'character_dialog', reason: 'timed out' },
        onRetry: () => {},
      }),
    );
    expect(html).toContain('character dialog');
    expect(html).toContain('timed out');
    expect(html).toContain('Retry');
  });

  it('shows cached and evaluated tokens of a stage call', () => {
    const call = {
      id: 1,
      turnId: 1,
      seq: 1,
      stage: 'narrator',
      principal: 'narrator',
      provider: 'local',
      model: 'm',
      prompt: [],
      output: '',
      promptTokens: 1000,
      cachedTokens: 800,
      generatedTokens: 50,
      ttftMs: 120,
      totalMs: 900,
      error: null,
      createdAt: 0,
    };
    const html = renderToStaticMarkup(createElement(CallNumbers, { call }));
    expect(html).toContain('800 cached');
    expect(html).toContain('200 evaluated');
    expect(html).toContain('ttft 120 ms');
  });
});
