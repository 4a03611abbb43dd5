import { describe, expect, it } from 'vitest';
import { hashesEqual, hashToken, randomToken } from './tokens';

describe('tokens', () => {
  it('draws the asked number of random bytes, base32-encoded', () => {
    // 32 bytes = 256 bits; base32 carries 5 bits per character.
    expect(randomToken(32)).toMatch(/^[a-z2-7]{52}$/);
    expect(randomToken()).toMatch(/^[a-z2-7]{32}$/);
    expect(randomToken(32)).not.toBe(randomToken(32));
  });

  it('hashes with SHA-256 in hex', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('compares hashes by value', () => {
    expect(hashesEqual(hashToken('a'), hashToken('a'))).toBe(true);
    expect(hashesEqual(hashToken('a'), hashToken('b'))).toBe(false);
    expect(hashesEqual('ab', 'abc')).toBe(false);
  });
});
