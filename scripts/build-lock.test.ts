import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { withBuildLock } from './build-server.mjs';

const lock = path.resolve(import.meta.dirname, '../dist/.build.lock');
afterEach(() => fs.rmSync(lock, { force: true }));

describe('the build lock npm start takes', () => {
  it('lets one build run at a time, and frees the lock when a build fails', async () => {
    const log: string[] = [];
    const build = (name: string) => async () => {
      log.push(`${name} starts`);
      await new Promise((r) => setTimeout(r, 150));
      log.push(`${name} ends`);
      return name;
    };
    expect(await Promise.all([withBuildLock(build('a')), withBuildLock(build('b'))])).toEqual(['a', 'b']);
    expect(log).toEqual(['a starts', 'a ends', 'b starts', 'b ends']);

    await expect(withBuildLock(() => Promise.reject(new Error('esbuild failed')))).rejects.toThrow('esbuild failed');
    expect(fs.existsSync(lock)).toBe(false);
  });

  it('takes over a lock left by a process that died', async () => {
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    fs.mkdirSync(path.dirname(lock), { recursive: true });
    fs.writeFileSync(lock, dead.stdout);
    expect(await withBuildLock(async () => 'built')).toBe('built');
  });
});
