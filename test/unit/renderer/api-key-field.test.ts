import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiKeyField, originOf } from '../../../renderer/settings/ApiKeyField.tsx';

const render = (baseURL: string, save: Parameters<typeof ApiKeyField>[0]['save']) =>
  renderToStaticMarkup(createElement(ApiKeyField, { baseURL, save }));

describe('the API key field of a remote endpoint', () => {
  it('in the app: asks for the key and says it is kept for this endpoint’s origin only', () => {
    const html = render('https://api.example.com/v1', async () => null);
    expect(html).toContain('type="password"');
    expect(html).toContain('Kept for https://api.example.com only: another server needs it entered again.');
    expect(html).toContain('Save key');
  });

  it('in web mode, with no key store: says where the key comes from instead', () => {
    const html = render('https://api.example.com/v1', undefined);
    expect(html).not.toContain('type="password"');
    expect(html).toContain('STORYLOOM_API_KEY');
  });

  it('binds to scheme, host and port, not the path', () => {
    expect(originOf(' http://127.0.0.1:11434/v1 ')).toBe('http://127.0.0.1:11434');
    expect(originOf('https://api.example.com/v1/other')).toBe('https://api.example.com');
    expect(originOf('not yet a url')).toBeNull();
  });
});
