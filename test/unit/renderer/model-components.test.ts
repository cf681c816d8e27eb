import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { DownloadBar } from '../../../renderer/settings/DownloadBar.tsx';
import { CatalogRow } from '../../../renderer/settings/CatalogRow.tsx';
import type { CatalogModel, DownloadProgress } from '../../../engine/api/index.ts';

const progress: DownloadProgress = {
  downloadId: 'd1',
  uri: 'hf:x/small.gguf',
  fileName: 'small.gguf',
  downloadedBytes: 512 * 1024 ** 2,
  totalBytes: 2 * 1024 ** 3,
  bytesPerSecond: 3.5 * 1024 ** 2,
  state: 'downloading',
};

const model: CatalogModel = {
  id: 'small',
  size: 'small',
  title: 'Small Model',
  description: 'Quick.',
  uri: progress.uri,
  fileName: progress.fileName,
  downloadBytes: 2 * 1024 ** 3,
  ramBytes: 3 * 1024 ** 3,
  contextLength: 8192,
  license: 'MIT',
};

const noop = () => {};
const row = (props: Partial<Parameters<typeof CatalogRow>[0]>) =>
  renderToStaticMarkup(
    createElement(CatalogRow, {
      model,
      progress: undefined,
      present: false,
      onDownload: noop,
      onCancel: noop,
      onUse: noop,
      ...props,
    }),
  );

describe('download views', () => {
  it('shows how much, of how much, and how fast', () => {
    const html = renderToStaticMarkup(createElement(DownloadBar, { progress }));
    expect(html).toContain('512 MB of 2.0 GB · 25% · 3.5 MB/s');
    expect(html).toContain('data-fraction="0.250"');
  });

  it('offers download, cancel while downloading, resume after a cancel, and use once done', () => {
    expect(row({})).toContain('>Download<');
    expect(row({ progress })).toContain('Cancel download');
    expect(row({ progress: { ...progress, state: 'cancelled' } })).toContain('Resume download');
    expect(row({ progress: { ...progress, state: 'done' } })).toContain('Use this model');
    expect(row({ present: true })).toContain('Use this model');
  });
});
