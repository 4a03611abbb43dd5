import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIBRARY } from '../editor/suggest/test-stories';

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

  it('analyze points a consistency finding at the other place it contradicts', () => {
    const story =
      'The Marlow City Council voted 5-2 on Tuesday, Nov. 3, 2026, to approve the library plan. Council member Lydia Okafor cast the deciding vote after the city agreed to keep the branch open.';
    const r = cli(['analyze'], story);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as {
      findings: { ruleId: string; text: string; related?: { start: number; end: number; text: string } }[];
    };
    const finding = out.findings.find((f) => f.ruleId === 'consistency/vote-tally');
    expect(finding).toMatchObject({
      text: 'deciding vote',
      related: { text: '5-2', start: story.indexOf('5-2'), end: story.indexOf('5-2') + 3 },
    });
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

  it('suggest --kind headline keeps the lede’s noun phrase, attributes an opinion and leaves a flagged word out', () => {
    const r = cli(['suggest', '--kind', 'headline'], LIBRARY.text);
    expect(r.status).toBe(0);
    const { suggestions } = JSON.parse(r.stdout) as { suggestions: string[] };
    expect(suggestions[0]).toBe('Maple Grove City Council approves $12 million library renovation');
    expect(suggestions).toContain('City should have sought state grants, council member says');
    expect(suggestions.join('\n')).not.toMatch(/sytem|libary|^City should have sought state grants[^,]*$/m);
  });

  it('analyze --source looks every quotation up in the sources and flags the ones that differ or are missing', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-sources-'));
    const transcript = path.join(dir, 'interview.txt');
    const release = path.join(dir, 'release.txt');
    fs.writeFileSync(
      transcript,
      'COLE: We are here to serve every family in this city.\nQ: And the cost?\nCOLE: It will cost less than the old plan.',
    );
    fs.writeFileSync(release, 'The new plan saves the city money.');
    const story = [
      '"We are here to serve every family in this city," Mayor Ann Cole said.',
      '"It will cost far less than the old plan," she said.',
      '"Nobody asked the neighbors about any of this," resident Bo Diaz said.',
    ].join('\n\n');
    const r = cli(['analyze', '--source', transcript, '--source', release], story);
    fs.rmSync(dir, { recursive: true });
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as {
      findings: { ruleId: string; text: string }[];
      quotes: { quote: string; lookup: { status: string; source?: string; line?: number } }[];
    };
    expect(out.quotes.map((q) => q.lookup)).toEqual([
      { status: 'found', source: 'interview.txt', line: 1, excerpt: 'We are here to serve every family in this city' },
      expect.objectContaining({ status: 'altered', source: 'interview.txt', line: 3 }),
      { status: 'not-found' },
    ]);
    const flagged = out.findings.filter((f) => f.ruleId.startsWith('quote/') && f.ruleId.includes('source'));
    expect(flagged.map((f) => [f.ruleId, f.text])).toEqual([
      ['quote/altered-from-source', 'It will cost far less than the old plan'],
      ['quote/not-in-sources', 'Nobody asked the neighbors about any of this'],
    ]);
    expect(cli(['analyze', '--source', path.join(dir, 'gone.txt')], story)).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/gone\.txt: no such file/),
    });
  });

  it('refuses a bad action or oversized input with a message and exit code 2', () => {
    expect(cli(['rewrite', '--action', 'shout'], STORY)).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/--action must be one of/),
    });
    expect(cli(['analyze'], 'x'.repeat(200_000))).toMatchObject({ status: 2, stderr: expect.stringMatching(/at most 100,000 characters/) });
  });
  it('analyze and rewrite read house rules from --stylebook, and name a bad line', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stylebook-'));
    const book = path.join(dir, 'house.csv');
    fs.writeFileSync(book, 'type,term,variants,replacement,reason,case\nprefer,Wilkes-Barre,Wilkes Barre,,The city is hyphenated.,\n');
    const story = 'Officials in Wilkes Barre met Tuesday. "Wilkes Barre is home," Mayor Ann Cole said.';
    const analyzed = cli(['analyze', '--stylebook', book], story);
    expect(analyzed.status).toBe(0);
    const out = JSON.parse(analyzed.stdout) as { findings: { ruleId: string; text: string; explanation: string }[] };
    expect(out.findings.filter((f) => f.ruleId === 'house/1')).toEqual([
      expect.objectContaining({ text: 'Wilkes Barre', explanation: 'The city is hyphenated.' }),
    ]);
    const rewritten = cli(['rewrite', '--action', 'grammar', '--stylebook', book], story);
    expect((JSON.parse(rewritten.stdout) as { text: string }).text).toBe(
      'Officials in Wilkes-Barre met Tuesday. "Wilkes Barre is home," Mayor Ann Cole said.',
    );
    fs.appendFileSync(book, 'avoid,,,,,\n');
    const refused = cli(['analyze', '--stylebook', book], story);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain(`${book}:3: term: Term is required.`);
  });
});
