import type { Browser } from 'playwright-core';

export const CHROMIUM_PATH: string;
export const CHROMIUM_FLAGS: readonly string[];
export function launchChromium(extraArgs?: string[]): Promise<Browser>;
