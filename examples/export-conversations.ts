/**
 * Writes each of the token's user's conversations to a Markdown file in a folder: the nightly
 * export of a newsroom's editing history.
 *
 *   COPYDESK_URL=https://copydesk.example COPYDESK_TOKEN=cdk_... npx tsx examples/export-conversations.ts export/
 *
 * A token with read access is enough.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createCopydeskClient, describeFailure } from 'copydesk/client';
import { clientFromEnv } from './support';

const out = process.argv[2];
if (!out) {
  console.error('usage: export-conversations.ts <output folder>');
  process.exit(2);
}
fs.mkdirSync(out, { recursive: true });

const client = createCopydeskClient(clientFromEnv());
const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'conversation';

let written = 0;
try {
  let cursor: string | null = null;
  do {
    const page = await client.chat.list.query({ cursor });
    for (const c of page.items) {
      const { conversation, messages } = await client.chat.get.query({ id: c.id });
      const body = [
        `# ${conversation.title}`,
        '',
        `Started ${conversation.createdAt}; last message ${conversation.updatedAt}.`,
        ...messages.flatMap((m) => ['', `## ${m.role === 'user' ? 'Writer' : 'Editor'} (${m.createdAt})`, '', m.content]),
        '',
      ].join('\n');
      fs.writeFileSync(path.join(out, `${String(conversation.id).padStart(6, '0')}-${slug(conversation.title)}.md`), body);
      written++;
    }
    cursor = page.nextCursor;
  } while (cursor);
} catch (e) {
  console.error(`export failed: ${describeFailure(e)}`);
  process.exit(2);
}
console.log(`${written} ${written === 1 ? 'conversation' : 'conversations'} written to ${out}`);
