import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../../..');
const cli = (args: string[], input: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...args], { cwd: root, input, encoding: 'utf8', timeout: 60_000 });

const STORY = 'The council met at 7pm Tuesday in order to vote on 4 proposals. "We are excited in order to serve," Mayor Ann Cole stated.';

// Each test starts the CLI as a user would, a process that loads the editor: slow on a busy machine.
describe('editor CLI', { timeout: 90_000 }, () => {
  it('analyze prints {findings, stats} as JSON', () => {
    const r = cli(['analyze'], STORY);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as { findings: { ruleId: string }[]; stats: { words: number } };
    expect(Object.keys(out)).toEqual(['findings', 'stats']);
    expect(out.findings.map((f) => f.ruleId)).toContain('style/times');
    expect(out.stats.words).toBeGreaterThan(10);
  });

  it('rewrite --action concise prints {text, edits} and leaves quotes alone', () => {
    const r = cli(['rewrite', '--action', 'concise'], STORY);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as { text: string; edits: unknown[] };
    expect(Object.keys(out)).toEqual(['text', 'edits']);
    expect(out.text).toContain('Tuesday to vote');
    expect(out.text).toContain('"We are excited in order to serve,"');
  });

  it('suggest --kind headline prints {suggestions}', () => {
    const r = cli(
      ['suggest', '--kind', 'headline'],
      'The Wrenfield City Council voted unanimously Tuesday to extend weekend hours at the public library. The branch will stay open until 8 p.m. on Saturdays, Library Director Helen Brandt said.',
    );
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as { suggestions: string[] };
    expect(out.suggestions[0]).toMatch(/^Wrenfield City Council votes/);
  });

  it('refuses a bad action or oversized input with a message and exit code 2', () => {
    expect(cli(['rewrite', '--action', 'shout'], STORY)).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/--action must be one of/),
    });
    expect(cli(['analyze'], 'x'.repeat(200_000))).toMatchObject({ status: 2, stderr: expect.stringMatching(/at most 100,000 characters/) });
  });
});
