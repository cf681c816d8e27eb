import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ModelSpeed } from '../../../renderer/settings/ModelSpeed.tsx';
import { ThreadsField } from '../../../renderer/settings/ThreadsField.tsx';
import { SlowGenerationNotice } from '../../../renderer/debug/SlowGenerationNotice.tsx';
import { measuredSpeed } from '../../support/model-speed.ts';

const noop = () => {};
const speed = measuredSpeed({ size: 1, mtimeMs: 1 });

describe('a local model’s measured speed', () => {
  it('reads as the player’s wait: tokens per second here and a turn of the first story', () => {
    const html = renderToStaticMarkup(createElement(ModelSpeed, { speed, measuring: undefined, onMeasure: noop }));
    expect(html).toContain('≈ 18 tokens/s here; a Lantern Quay turn ≈ 2 minutes');
    expect(html).toContain('Measure again');
  });

  it('offers to measure a model never measured, and says what it is doing while it measures', () => {
    const unmeasured = renderToStaticMarkup(
      createElement(ModelSpeed, { speed: undefined, measuring: undefined, onMeasure: noop }),
    );
    expect(unmeasured).toContain('Measure speed here');
    expect(unmeasured).not.toContain('tokens/s');
    const busy = renderToStaticMarkup(
      createElement(ModelSpeed, { speed: undefined, measuring: 'app: warm-up', onMeasure: noop }),
    );
    expect(busy).toContain('role="status"');
    expect(busy).toContain('app: warm-up');
  });
});

describe('the CPU threads field', () => {
  it('offers automatic (naming the cores here) and no more threads than cores', () => {
    const html = renderToStaticMarkup(createElement(ThreadsField, { value: 'auto', cpuCores: 2, onChange: noop }));
    expect(html).toContain('Automatic (2 here)');
    expect(html).toContain('<option value="2">2</option>');
    expect(html).not.toContain('<option value="3">');
  });

  it('keeps a larger number the settings file already holds', () => {
    const html = renderToStaticMarkup(createElement(ThreadsField, { value: 4, cpuCores: 2, onChange: noop }));
    expect(html).toContain('<option value="4" selected="">4</option>');
  });
});

describe('the slow-generation warning in the debug drawer', () => {
  it('says how slow, against what was measured, and what to do', () => {
    const notice = { model: 'Llama 3.2 1B', tokensPerSecond: 1.4, expectedTokensPerSecond: 16.7, threads: 2 };
    const html = renderToStaticMarkup(createElement(SlowGenerationNotice, { notice }));
    expect(html).toContain('role="alert"');
    expect(html).toContain('1.4 tokens/s');
    expect(html).toContain('16.7 measured on this machine with 2 threads');
  });
});
