import { describe, expect, it } from 'vitest';
import { redirectTargetOf, sanitizeRedirect, withRedirect } from './redirect';

describe('redirect after login (open-redirect safe)', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(sanitizeRedirect('/cart')).toBe('/cart');
    expect(sanitizeRedirect('/order/42?tab=tracking#top')).toBe('/order/42?tab=tracking#top');
    expect(sanitizeRedirect('/products-by-category/7?page=2')).toBe('/products-by-category/7?page=2');
  });

  it.each([
    ['an absolute URL', 'https://evil.example/phish'],
    ['a protocol-relative URL', '//evil.example'],
    ['a backslash trick', '/\\evil.example'],
    ['backslashes only', '\\\\evil.example'],
    ['a tab inside the slashes', '/\t/evil.example'],
    ['a newline inside the slashes', '/\n/evil.example'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path', 'cart'],
    ['an empty value', ''],
    ['a missing value', null],
    ['a dot segment before //', '/.//evil.example/'],
    ['a dot-dot segment before //', '/..//evil.example'],
    ['dot segments deeper down', '/a/../..//evil.example'],
    ['an encoded dot segment before //', '/%2e//evil.example'],
    ['a dot segment and a backslash', '/./\\evil.example'],
    ['a backslash after the slash', '/\\/evil.example'],
    ['a tab before the host', '/\t/evil.example'],
    ['a carriage return before the host', '/\r/evil.example'],
    ['three slashes', '///evil.example'],
    ['a javascript: URL in capitals', 'JavaScript:alert(1)'],
    ['a javascript: URL after a tab', '\tjavascript:alert(1)'],
    ['a leading space', ' //evil.example'],
    ['an absolute URL with userinfo', 'https://shop.example@evil.example/'],
    ['a vbscript: URL', 'vbscript:msgbox(1)'],
  ])('refuses %s', (_what, value) => {
    expect(sanitizeRedirect(value)).toBe('/');
    expect(sanitizeRedirect(value, '/', 'https://shop.example')).toBe('/');
  });

  it.each([
    '?redirect=%2F.%2F%2Fevil.example%2F',
    '?redirect=/.//evil.example/',
    '?redirect=/..//evil.example',
    '?redirect=%2F%2Fevil',
    '?redirect=//evil',
    '?redirect=/%5Cevil',
    '?redirect=%2F%5Cevil',
    '?redirect=/%09/evil.example',
    '?redirect=/%0A/evil.example',
    '?redirect=javascript:alert(document.domain)',
    '?redirect=%6Aavascript:alert(1)',
  ])('sends %s home, or to a path on this site', (search) => {
    const target = redirectTargetOf(search);
    // Whatever a hostile query says, the target read as a link stays on this origin.
    for (const origin of ['https://shop.example', window.location.origin]) {
      expect(new URL(target, origin).origin).toBe(origin);
    }
    expect(target.startsWith('/')).toBe(true);
    expect(target.startsWith('//')).toBe(false);
    // Home, or the one hostile-looking path that is only a page of this site ("/%5Cevil" stays encoded).
    expect(['/', '/%5Cevil']).toContain(target);
  });

  it('normalises dot segments of a path on this site', () => {
    expect(sanitizeRedirect('/a/../cart')).toBe('/cart');
    expect(sanitizeRedirect('/./order/42')).toBe('/order/42');
    expect(sanitizeRedirect('/./login')).toBe('/');
  });

  it('never sends the buyer back to an account entry page', () => {
    expect(sanitizeRedirect('/login')).toBe('/');
    expect(sanitizeRedirect('/login?redirect=%2Fcart')).toBe('/');
    expect(sanitizeRedirect('/register/')).toBe('/');
    expect(sanitizeRedirect('/forgot-password')).toBe('/');
  });

  it('reads the target from the query string, decoded once', () => {
    expect(redirectTargetOf('?redirect=%2Fcart%3Fx%3D1')).toBe('/cart?x=1');
    expect(redirectTargetOf('?redirect=%2F%2Fevil.example')).toBe('/');
    expect(redirectTargetOf('?redirect=https%3A%2F%2Fevil.example')).toBe('/');
    expect(redirectTargetOf('')).toBe('/');
  });

  it('carries the target to the other account page', () => {
    expect(withRedirect('/register', '/cart?x=1')).toBe('/register?redirect=%2Fcart%3Fx%3D1');
    expect(withRedirect('/login', '/')).toBe('/login');
  });
});
