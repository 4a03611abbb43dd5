export const FAST_SPREAD_HELPER: string;
export const TRPC_DIST_FILE: RegExp;
export function findSpreadHelper(source: string): { start: number; end: number; text: string } | undefined;
export function replaceSpreadHelper(source: string): { code: string; replaced: boolean };
export function trpcSpreadPlugin(): { name: string; setup(build: unknown): void };
export function rewriteSpreadCalls(source: string): { code: string; rewritten: number };
export function nativeSpreads(source: string): { code: string; rewritten: number; replaced: boolean; error?: Error };
