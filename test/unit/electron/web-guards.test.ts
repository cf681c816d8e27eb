import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  CONTENT_SECURITY_POLICY,
  decideNavigation,
  externalLinkTarget,
  rendererFileFor,
  RENDERER_PAGE,
  withSecurityHeaders,
} from '../../../electron/web-guards.ts';
import { contentSecurityPolicy } from '../../../engine/api/index.ts';

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
    expect(directives.get('style-src')).toBe("'self'");
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-inline');
  });

  it('is the policy web mode serves, but for the network, and index.html carries no looser one', async () => {
    expect(CONTENT_SECURITY_POLICY).toBe(
      contentSecurityPolicy('web').replace("connect-src 'self'", "connect-src 'none'"),
    );
    const page = await readFile(path.resolve('renderer/index.html'), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/u.exec(page)?.[1] ?? '';
    expect(meta).toContain("script-src 'self'");
    expect(meta).toContain("style-src 'self'");
    expect(meta).not.toContain('unsafe');
    // No inline style or script in the page itself either.
    expect(page).not.toMatch(/\sstyle=|<style|<script(?![^>]*\ssrc=)/u);
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

describe('app://storyloom/ requests', () => {
  const root = path.resolve('/app/out/renderer');

  it('read files inside the built renderer, the page at the root', () => {
    expect(RENDERER_PAGE).toBe('app://storyloom/index.html');
    expect(rendererFileFor(RENDERER_PAGE, root)).toBe(path.join(root, 'index.html'));
    expect(rendererFileFor('app://storyloom/', root)).toBe(path.join(root, 'index.html'));
    expect(rendererFileFor('app://storyloom/assets/index.js?v=1', root)).toBe(path.join(root, 'assets/index.js'));
    expect(rendererFileFor('app://storyloom/assets/a%20b.css', root)).toBe(path.join(root, 'assets/a b.css'));
  });

  it('refuse anything outside it, other hosts, other schemes and malformed escapes', () => {
    // Dot segments are resolved within the URL, at its root: they never climb out of the renderer.
    expect(rendererFileFor('app://storyloom/../electron/main.mjs', root)).toBe(path.join(root, 'electron/main.mjs'));
    expect(rendererFileFor('app://storyloom/%2e%2e/electron/main.mjs', root)).toBe(
      path.join(root, 'electron/main.mjs'),
    );
    // Escaped slashes survive the URL and are caught after decoding.
    expect(rendererFileFor('app://storyloom/..%2f..%2fetc/passwd', root)).toBeNull();
    expect(rendererFileFor('app://storyloom/a/..%2F..%2F..%2Fetc/passwd', root)).toBeNull();
    expect(rendererFileFor('app://storyloom/%2Fetc%2Fpasswd', root)).toBe(path.join(root, 'etc/passwd'));
    expect(rendererFileFor('app://storyloom/%zz', root)).toBeNull();
    expect(rendererFileFor('app://storyloom/index.html%00.js', root)).toBeNull();
    expect(rendererFileFor('app://attacker/index.html', root)).toBeNull();
    expect(rendererFileFor(pathToFileURL(path.join(root, 'index.html')).href, root)).toBeNull();
    expect(rendererFileFor('https://storyloom/index.html', root)).toBeNull();
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
