import type { Browser, Page } from 'playwright-core';

export type Visitor = 'anonymous' | 'no-plan' | 'trial';
export interface BudgetPage {
  path: string;
  visitor: Visitor;
}
export interface PageResult extends BudgetPage {
  bytes: number;
  files: number;
  landedOn: string;
}
export const BUDGETS_KB: Record<string, number>;
export const PAGES: BudgetPage[];
export function buildClient(outDir: string): Promise<void>;
/** Call before navigating; the returned function resolves once no request has been in flight for `quietMs`. */
export function quietNetwork(tab: Page, quietMs: number): () => Promise<void>;
export function measurePage(browser: Browser, baseURL: string, page: BudgetPage): Promise<PageResult>;
export function measureBundles(
  baseURL: string,
  o?: { browser?: Browser; pages?: BudgetPage[] },
): Promise<{ results: PageResult[]; over: PageResult[] }>;
export function formatResults(results: PageResult[]): string;
