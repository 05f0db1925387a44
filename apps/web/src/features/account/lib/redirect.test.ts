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
  ])('refuses %s', (_what, value) => {
    expect(sanitizeRedirect(value)).toBe('/');
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
