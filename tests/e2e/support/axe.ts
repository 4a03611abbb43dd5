import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Impact = 'minor' | 'moderate' | 'serious' | 'critical';

interface CheckResult {
  id: string;
  data?: {
    fgColor?: string;
    bgColor?: string;
    contrastRatio?: number;
    expectedContrastRatio?: string;
    fontSize?: string;
    fontWeight?: string;
  };
}

export interface Violation {
  id: string;
  impact: Impact | null;
  help: string;
  nodes: Array<{ target: unknown[]; any: CheckResult[]; all: CheckResult[]; none: CheckResult[] }>;
}

/** Runs axe-core over the whole document as it is now. */
export async function axeViolations(page: Page): Promise<Violation[]> {
  // Colours are read as drawn: let transitions and entry animations end first (spinners run for ever and are skipped).
  // Two frames first, so a transition a theme change has just asked for has started and is waited for.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // Evaluated, not added as a <script>: the app's Content-Security-Policy refuses inline scripts, as it should.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: unknown[] }> } }).axe;
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations as Violation[];
  });
}

/** One line per failing element: its selector, and for a contrast failure the colours and ratio axe measured. */
function describeNode(node: Violation['nodes'][number]): string {
  const selector = node.target.map(String).join(' >> ');
  const contrast = [...node.any, ...node.all, ...node.none].find((c) => c.data?.contrastRatio !== undefined)?.data;
  if (!contrast) return `  ${selector}`;
  return `  ${selector}: ${contrast.contrastRatio}:1 (${contrast.fgColor} on ${contrast.bgColor}, ${contrast.fontSize} ${contrast.fontWeight}; needs ${contrast.expectedContrastRatio})`;
}

export function describeViolation(v: Violation): string {
  return [`${v.id} (${v.impact}): ${v.help}`, ...v.nodes.map(describeNode)].join('\n');
}

/** Minor and moderate findings seen so far, by page label, for a report; they do not fail a test. */
export const lesserViolations = new Map<string, string[]>();

/**
 * Checks the page as it stands with axe-core and fails, listing each one, on any serious or critical violation.
 * The check is soft, so one test can walk many pages and report every page's problems at once.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const violations = await axeViolations(page);
  const lesser = violations.filter((v) => v.impact !== 'serious' && v.impact !== 'critical').map(describeViolation);
  if (lesser.length) lesserViolations.set(label, lesser);
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map(describeViolation);
  expect.soft(blocking.join('\n'), `axe on ${label}`).toBe('');
}
