import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { LandscapePanel } from '../../../renderer/debug/LandscapePanel.tsx';
import { ContextPanel } from '../../../renderer/debug/ContextPanel.tsx';
import { DEBUG_TABS } from '../../../renderer/debug/DebugTabs.tsx';
import { contextView, landscapeView } from './storykeeper-fixtures.ts';
import { turnRecord } from './truth-fixtures.ts';

// Rendered to static markup in node, as the other component tests are: what the Storykeeper panels say, and how.
const landscape = (props: Partial<Parameters<typeof LandscapePanel>[0]> = {}) =>
  renderToStaticMarkup(createElement(LandscapePanel, { turn: turnRecord(3), view: landscapeView(), ...props }));
const context = (props: Partial<Parameters<typeof ContextPanel>[0]> = {}) =>
  renderToStaticMarkup(createElement(ContextPanel, { turn: turnRecord(2), view: contextView(), ...props }));

describe('landscape panel', () => {
  it('names the strongest attractor, and where the player stands', () => {
    const html = landscape();
    expect(html).toContain('Strongest attractor: <strong>The crypt at first light</strong>');
    expect(html).toContain('Turn 3 · at tavern · in The tavern');
    expect(landscape({ view: landscapeView({ strongestAttractor: null }) })).toContain('No scene attracts');
  });

  it('draws an SVG image with a title and a description naming the attractor, one mark per scene', () => {
    const html = landscape();
    expect(html).toMatch(/<svg viewBox="0 0 480 260" role="img" aria-labelledby="[^" ]+-title [^" ]+-desc">/u);
    expect(html).toMatch(/<title id="[^"]+-title">Gravitational landscape as of turn 3<\/title>/u);
    expect(html).toContain('the strongest attractor is The crypt at first light, pull 6.4.');
    expect(html.match(/class="scene-point /gu)).toHaveLength(3);
    expect(html).toContain('class="scene-point state-attracting attractor" data-scene="crypt"');
    expect(html).toContain('class="scene-point state-active current" data-scene="tavern"');
    expect(html).toContain('<title>You, at tavern, in The tavern</title>');
    expect(html).toContain(
      '<title>The crypt at first light: attracting, distance 0.5, pull 6.4, the strongest attractor</title>',
    );
    expect(html).toContain('Chart legend');
  });

  it('tables every scene with state, mass, distance and pull, the mass and distance parts as tooltips', () => {
    const html = landscape();
    expect(html).toContain('<caption>Scenes as of turn 3</caption>');
    expect(html).toMatch(
      /<tr class="scene-row attractor" data-scene="crypt"><th scope="row">The crypt at first light/u,
    );
    expect(html).toContain('<span class="scene-state state-attracting">attracting</span>');
    expect(html).toContain('title="base 0.6 + structural 0.15 + approach 0.1">0.85</td>');
    expect(html).toContain('<td class="figure">6.4</td>');
  });

  it('shows the history strip, gates, sub-graphs with permeability, and prophecies', () => {
    const html = landscape();
    expect(html).toContain('Strongest pull, last 3 turns');
    expect(html).toContain('<span class="sr-only">Turn 2: The landing at the cove, pull 3.2</span>');
    expect(html).toContain('Turn 1: nothing attracts');
    expect(html).toContain('style="height:50%"');
    expect(html).toContain('collective mass 0.8 × permeability 0.7 = 0.56');
    expect(html).toContain('known to player');
    expect(html).toMatch(/two-lanterns<\/code> <span class="standing">omen<\/span> →\s*The crypt at first light/u);
  });

  it('says why there is nothing to show: no turns, a failed turn, or still reading', () => {
    expect(landscape({ turn: undefined })).toContain('No turns yet. Play one and its gravitational landscape');
    expect(landscape({ turn: turnRecord(3, { status: 'failed' }) })).toContain(
      'Turn 3 failed: nothing of it was kept, so it has no gravitational landscape.',
    );
    expect(landscape({ view: undefined })).toContain('Reading the gravitational landscape…');
  });
});

describe('context panel', () => {
  it('heads the candidates with how many were selected and how many tokens of the budget they take', () => {
    expect(context()).toContain('<strong>1 of 3 candidates, 120 of 600 tokens</strong>');
  });

  it('lists every candidate selected or dropped, with the reason and the factors of its score', () => {
    const html = context();
    expect(html).toContain('aria-label="Candidates of turn 2"');
    expect(html).toContain('class="candidate selected" data-candidate="gravity:crypt"');
    expect(html).toContain('<p class="drop-reason">Dropped: below the minimum score</p>');
    expect(html).toContain('<dt>modifier</dt><dd>1.63</dd>');
    expect(html).toContain('<p class="candidate-text">Themes gathering weight: justice, burial.</p>');
  });

  it('shows a withheld candidate without text, said to be withheld', () => {
    const html = context();
    expect(html).toContain('Dropped: withheld by an information boundary');
    expect(html).toContain('<dt>boundary</dt><dd>0 (withheld)</dd>');
    expect(html).toContain('<p class="candidate-text muted">Text withheld.</p>');
  });

  it('says which key activated a lore candidate, and lists the constant lore of the preamble', () => {
    const [first] = contextView().candidates;
    if (first === undefined) throw new Error('the fixture has candidates');
    const lore = {
      ...first,
      id: 'lore:lighthouse',
      source: 'lore',
      text: 'lighthouse: Dark for a year.',
      selected: false,
      dropped: 'over_budget',
      activation: 'key "the light" in the recent messages',
    };
    const preamble = {
      budget: 20,
      tokens: 12,
      entries: [
        { id: 'law', text: 'law: No lamp burns past midnight.', tokens: 12, kept: true },
        { id: 'saga', text: 'saga: A long tale.', tokens: 400, kept: false },
      ],
    };
    const html = context({ view: contextView({ candidates: [lore], preamble }) });
    expect(html).toContain(
      '<p class="candidate-activation">Why proposed: key &quot;the light&quot; in the recent messages</p>',
    );
    expect(html).toContain('Dropped: over the token budget');
    expect(html).toContain('Constant lore: 1 of 2 entries, 12 of 20 tokens');
    expect(html).toContain('<code class="candidate-id">lore:saga</code>');
    expect(html).toContain('Dropped: over the preamble’s lore budget');
  });

  it('says a turn that classified nothing retrieved nothing', () => {
    const html = context({ view: contextView({ classified: false, candidates: [] }) });
    expect(html).toContain('Turn 2 classified no input');
    expect(html).not.toContain('candidate-list');
  });
});

describe('debug tabs', () => {
  it('offers the Landscape and Context panels after the stage calls and the truth set', () => {
    expect(DEBUG_TABS.slice(0, 4).map((tab) => tab.label)).toEqual([
      'Stage calls',
      'Truth set',
      'Landscape',
      'Context',
    ]);
  });
});
