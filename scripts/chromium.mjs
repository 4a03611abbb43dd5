// Debian's Chromium with the flags every browser run here uses: the tests, the bundle budget and the pages bench.
import { chromium } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** @param {string[]} [extraArgs] */
export function launchChromium(extraArgs = []) {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS, ...extraArgs] });
}
