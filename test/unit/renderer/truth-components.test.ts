import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { TruthPanel } from '../../../renderer/debug/TruthPanel.tsx';
import { DebugTabs } from '../../../renderer/debug/DebugTabs.tsx';
import { ClassificationSummary } from '../../../renderer/debug/ClassificationSummary.tsx';
import { truthView, turnRecord } from './truth-fixtures.ts';

// Rendered to static markup in node, as the other component tests are: what the Truth panel says, and how.
const names = (owner: string) => ({ 'odile-fenn': 'Odile Fenn' })[owner] ?? owner;
const panel = (props: Partial<Parameters<typeof TruthPanel>[0]> = {}) =>
  renderToStaticMarkup(
    createElement(TruthPanel, {
      turn: turnRecord(2),
      view: truthView(),
      filter: '',
      onFilter: () => {},
      names,
      ...props,
    }),
  );

describe('truth panel', () => {
  it('is a real table: a caption, column headers, a row group per kind, the key as each row’s header', () => {
    const html = panel();
    expect(html).toContain('<caption>Propositions as of turn 2');
    expect(html).toContain('(5 of 5 shown)');
    expect(html).toContain('<th scope="col">Weight</th>');
    expect(html).toContain('<th scope="rowgroup" colSpan="4">Interpretive</th>');
    expect(html).toContain(
      '<th scope="row" class="truth-key"><code>TrustEroding(<wbr/>player,<wbr/>odile-fenn)</code>',
    );
    expect(html).toMatch(/<label for="[^"]+">Filter keys<\/label><input id="[^"]+" type="search"/u);
  });

  it('draws interpretive confidences as bars with the min_confidence tick, dimming the ones that count 0', () => {
    const html = panel();
    expect(html).toContain('<span class="confidence-fill" style="width:60%"></span>');
    expect(html).toContain('<span class="confidence-min" style="left:50%"></span>');
    expect(html).toMatch(/class="truth-row below-min"[^>]*data-key="AffectionWaning\(player,odile-fenn\)"/u);
    expect(html).toContain('counts 0');
    expect(html).toContain('<span class="standing provisional">provisional</span>');
  });

  it('highlights added rows, shows changed weights, and lists what left struck through', () => {
    const html = panel();
    expect(html).toMatch(/class="truth-row added" data-kind="factual" data-key="CharacterPresent\(odile-fenn\)"/u);
    expect(html).toContain('<span class="weight-number">0.85 → 0.60</span>');
    expect(html).toContain('<del><code>CharacterPresent(kit-wickett)</code></del>');
    expect(html).toContain('1 added, 1 removed, 2 changed');
  });

  it('narrows the rows and the diff to the keys the filter matches', () => {
    const html = panel({ filter: 'trust' });
    expect(html).toContain('(2 of 5 shown)');
    expect(html).not.toContain('data-key="InScene(lamp-room)"');
    expect(html).not.toContain('kit-wickett');
    expect(panel({ filter: 'nobody' })).toContain('No key matches the filter.');
  });

  it('shows each trigger’s state with a collapsed “why” button', () => {
    const html = panel();
    expect(html).toContain('<span class="trigger-state fired">FIRED</span>');
    expect(html).toContain('<span class="trigger-state waits">waits</span>');
    expect(html).toContain('cascade depth 0 · on a provisional judgment · now spent');
    expect(html).toContain('Odile Fenn · deferred');
    expect(html).toMatch(/aria-expanded="false"[^>]*>Why <span class="sr-only">odile_doubted<\/span>/u);
    expect(html).not.toContain('trace-tree');
  });

  it('calls a trigger fired in the turn’s reconciliation FIRED too, and says so', () => {
    const [doubted] = truthView().triggers;
    if (doubted === undefined) throw new Error('the fixture has triggers');
    const html = panel({ view: truthView({ triggers: [{ ...doubted, firing: null, active: true }] }) });
    expect(html).toContain('<span class="trigger-state fired">FIRED</span>');
    expect(html).toContain('when Stage 4 was reconciled');
  });

  it('says why there is nothing to show for a failed turn, before any turn, and while fetching', () => {
    expect(panel({ turn: turnRecord(3, { number: 2, status: 'failed' }) })).toContain(
      'Turn 2 failed: nothing of it entered the truth set.',
    );
    expect(panel({ turn: undefined })).toContain('No turns yet.');
    expect(panel({ view: undefined })).toContain('Reading the truth set…');
  });
});

describe('classification summary', () => {
  it('sums up the parse, judgments, directives, deferred work, Stage 4 and world changes', () => {
    const html = renderToStaticMarkup(createElement(ClassificationSummary, truthView()));
    expect(html).toContain('<dt>Parse</dt><dd>speak to odile-fenn</dd>');
    expect(html).toContain('<dt>Refused</dt><dd>no</dd>');
    expect(html).toContain('mandate: Odile grows guarded');
    expect(html).toContain('<dt>Deferred to the scene boundary</dt><dd>1</dd>');
    expect(html).toContain('landed within the turn');
    expect(html).toMatch(/confirmed<\/span> <code>TrustEroding\(player,odile-fenn\)<\/code> 0.70 → 0.60/u);
    expect(html).toContain('move: agent player location');
  });

  it('names a refusal and a failed Stage 4', () => {
    const base = truthView().classification;
    if (base === null) throw new Error('the fixture has a classification');
    const classification = {
      ...base,
      violation: { action: 'fly', constraint: 'no_flight', reason: 'people cannot fly' },
      interpretation: 'failed' as const,
    };
    const html = renderToStaticMarkup(createElement(ClassificationSummary, { classification }));
    expect(html).toContain('fly (no_flight) — people cannot fly');
    expect(html).toContain('failed; the provisional judgments stand');
    expect(renderToStaticMarkup(createElement(ClassificationSummary, { classification: null }))).toContain(
      'No classification was recorded',
    );
  });
});

describe('debug tabs', () => {
  it('are a tablist whose selected tab alone is focusable and controls the panel', () => {
    const html = renderToStaticMarkup(createElement(DebugTabs, { selected: 'truth', onSelect: () => {} }));
    expect(html).toContain('role="tablist" aria-label="Debug panels"');
    expect(html).toContain(
      'role="tab" id="debug-tab-truth" aria-selected="true" aria-controls="debug-panel-truth" tabindex="0"',
    );
    expect(html).toContain('role="tab" id="debug-tab-calls" aria-selected="false" tabindex="-1"');
  });
});
