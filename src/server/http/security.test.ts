import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { THEME_BOOT_SCRIPT } from '../../shared/theme';
import { securityHeaderList } from './security';

const scriptSrc = (opts: { https: boolean; stripe?: boolean }) => {
  const csp = new Map(securityHeaderList(opts)).get('Content-Security-Policy') ?? '';
  return csp.split('; ').find((directive) => directive.startsWith('script-src '));
};

describe('script-src', () => {
  const themeHash = `'sha256-${createHash('sha256').update(THEME_BOOT_SCRIPT).digest('base64')}'`;

  it('allows the theme script index.html carries inline, by its hash, and no other inline script', () => {
    for (const stripe of [false, true]) {
      const sources = scriptSrc({ https: false, stripe })!.split(' ');
      expect(sources).toContain("'self'");
      expect(sources).toContain(themeHash);
      expect(sources).not.toContain("'unsafe-inline'");
    }
  });
});
