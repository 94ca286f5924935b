import { describe, expect, it } from 'vitest';
import { externalRedirectOf, isHttpUrl } from './urls.ts';

describe('isHttpUrl', () => {
  it('accepts absolute http and https URLs', () => {
    for (const ok of [
      'https://example.org/congresso',
      'http://example.org',
      'HTTPS://Example.org/a?b=c#d',
      'https://sub.example.org:8443/x',
    ]) {
      expect(isHttpUrl(ok), ok).toBe(true);
    }
  });

  it('refuses other schemes, relative links, spaces and non-strings', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript://%0aalert(1)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'vbscript:msgbox',
      'ftp://example.org',
      '//example.org',
      '/events/1',
      'https://',
      'https:///x',
      'https://exa mple.org',
      ' https://example.org',
      'https://example.org/\n',
      '',
      null,
      42,
    ]) {
      expect(isHttpUrl(bad), String(bad)).toBe(false);
    }
  });

  it('gives the join flow a target only for http(s)', () => {
    expect(externalRedirectOf({ external_redirect: 'https://example.org' })).toBe('https://example.org');
    expect(externalRedirectOf({ external_redirect: 'javascript:alert(1)' })).toBeNull();
    expect(externalRedirectOf({ external_redirect: null })).toBeNull();
  });
});
