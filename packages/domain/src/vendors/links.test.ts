import { describe, expect, it } from 'vitest';
import { isSafeLink } from './links.js';

describe('feed links', () => {
  it('allows http(s) addresses and paths of this site', () => {
    for (const link of [
      'https://kitchaco.example/news',
      'http://example.com',
      '/our-brands',
      '/vendor:12?x=1',
    ]) {
      expect(isSafeLink(link), link).toBe(true);
    }
  });

  it('refuses scripts, data, protocol-relative and other schemes', () => {
    for (const link of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>1</script>',
      '//evil.example/x',
      '/\\evil.example',
      'vbscript:msgbox',
      'https:evil',
      'mailto:x@example.com',
      'https://exa mple.com',
    ]) {
      expect(isSafeLink(link), link).toBe(false);
    }
  });
});
