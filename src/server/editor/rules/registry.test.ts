import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../types';
import { RULE_IDS } from './ids';
import { rules } from './registry';

describe('rule registry', () => {
  it('defines each rule id once, and every id it declares has a rule', () => {
    const ids = rules.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...RULE_IDS].sort());
  });

  it('names each rule after its category, and every rule a rule yields to exists', () => {
    const known = new Set<string>([...RULE_IDS, ...CATEGORIES]);
    for (const rule of rules) {
      expect(rule.id.startsWith(`${rule.category}/`), rule.id).toBe(true);
      for (const target of rule.yieldsTo ?? []) expect(known.has(target), `${rule.id} yields to ${target}`).toBe(true);
    }
  });
});
