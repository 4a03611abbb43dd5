/**
 * Reviews every .txt and .md story in a folder with Copydesk's editor and prints a table of its
 * findings. Exits 1 when any story has a legal finding, so a CMS can hold it back before publishing;
 * 2 on a usage or connection problem.
 *
 *   COPYDESK_URL=https://copydesk.example COPYDESK_TOKEN=cdk_... npx tsx examples/review-folder.ts stories/
 *
 * A token with read access is enough.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createCopydeskClient, describeFailure } from 'copydesk/client';
import { clientFromEnv, table, truncate } from './support';

const folder = process.argv[2];
if (!folder || !fs.statSync(folder, { throwIfNoEntry: false })?.isDirectory()) {
  console.error('usage: review-folder.ts <folder of .txt/.md stories>');
  process.exit(2);
}

const client = createCopydeskClient(clientFromEnv());
const stories = fs
  .readdirSync(folder)
  .filter((name) => /\.(txt|md)$/i.test(name))
  .sort();
const rows: string[][] = [];
let legal = 0;
try {
  for (const name of stories) {
    const text = fs.readFileSync(path.join(folder, name), 'utf8');
    const { findings } = await client.editor.analyze.query({ text });
    for (const f of findings) {
      const line = text.slice(0, f.start).split('\n').length;
      rows.push([name, String(line), f.category, truncate(f.text, 30), truncate(f.message, 70)]);
      if (f.category === 'legal') legal++;
    }
    if (findings.length === 0) rows.push([name, '', 'clean', '', 'No findings']);
  }
} catch (e) {
  console.error(`review failed: ${describeFailure(e)}`);
  process.exit(2);
}

console.log(table(['story', 'line', 'category', 'text', 'finding'], rows));
console.log(
  `\n${stories.length} ${stories.length === 1 ? 'story' : 'stories'} reviewed; ${legal} legal ${legal === 1 ? 'finding' : 'findings'}.`,
);
process.exit(legal > 0 ? 1 : 0);
