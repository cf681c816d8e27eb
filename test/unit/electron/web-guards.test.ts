import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  CONTENT_SECURITY_POLICY,
  decideNavigation,
  externalLinkTarget,
  rendererFileFor,
  withSecurityHeaders,
} from '../../../electron/web-guards.ts';

describe('the Content-Security-Policy', () => {
  it('allows only the app’s own scripts and no network, frames, objects or forms', () => {
    const directives = new Map(
      CONTENT_SECURITY_POLICY.split('; ').map((directive) => {
        const [name = '', ...values] = directive.split(' ');
        return [name, values.join(' ')];
      }),
    );
    expect(directives.get('default-src')).toBe("'none'");
    expect(directives.get('script-src')).toBe("'self'");
    expect(directives.get('connect-src')).toBe("'none'");
    expect(directives.get('object-src')).toBe("'none'");
    expect(directives.get('frame-src')).toBe("'none'");
    expect(directives.get('form-action')).toBe("'none'");
    expect(directives.get('base-uri')).toBe("'none'");
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
    expect(directives.get('script-src')).not.toContain('unsafe-inline');
  });

  it('replaces whatever policy a response brought, in any casing, and keeps the other headers', () => {
    const headers = withSecurityHeaders({
      'content-security-policy': ['default-src *'],
      'Content-Type': 'text/html',
      'x-content-type-options': 'whatever',
    });
    expect(headers).toEqual({
      'Content-Type': ['text/html'],
      'Content-Security-Policy': [CONTENT_SECURITY_POLICY],
      'X-Content-Type-Options': ['nosniff'],
    });
    expect(withSecurityHeaders(undefined)['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY]);
  });
});

describe('file: requests', () => {
  const root = path.resolve('/app/out/renderer');
  const url = (file: string): string => pathToFileURL(file).href;

  it('read files inside the built renderer', () => {
    expect(rendererFileFor(url(path.join(root, 'index.html')), root)).toBe(path.join(root, 'index.html'));
    expect(rendererFileFor(url(path.join(root, 'assets/index.js')), root)).toBe(path.join(root, 'assets/index.js'));
  });

  it('refuse anything outside it, the folder itself, other hosts and other schemes', () => {
    expect(rendererFileFor(url('/etc/passwd'), root)).toBeNull();
    expect(rendererFileFor(url(path.join(root, '../electron/main.mjs')), root)).toBeNull();
    expect(rendererFileFor(`${url(root)}/%2e%2e/electron/main.mjs`, root)).toBeNull();
    expect(rendererFileFor(url(`${root}-evil/index.html`), root)).toBeNull();
    expect(rendererFileFor(url(root), root)).toBeNull();
    expect(rendererFileFor('file://attacker.example/share/index.html', root)).toBeNull();
    expect(rendererFileFor('https://example.com/index.html', root)).toBeNull();
    expect(rendererFileFor('not a url', root)).toBeNull();
  });
});

describe('navigation and new windows', () => {
  it('send plain https links to the OS browser', () => {
    expect(externalLinkTarget('https://example.com/docs?x=1')).toBe('https://example.com/docs?x=1');
    expect(decideNavigation('https://example.com/')).toEqual({ action: 'open-external', url: 'https://example.com/' });
  });

  it('deny everything else: other schemes, credentials, garbage, the app’s own files', () => {
    for (const url of [
      'http://example.com/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html,<script>1</script>',
      'smb://server/share',
      'https://user:pass@example.com/',
      'https://',
      'nonsense',
    ]) {
      expect(externalLinkTarget(url), url).toBeNull();
      expect(decideNavigation(url), url).toEqual({ action: 'deny' });
    }
  });
});
