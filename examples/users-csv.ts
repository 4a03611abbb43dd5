/**
 * Writes every user to a CSV file, as the admin console lists them. Needs an admin token.
 *
 *   COPYDESK_URL=https://copydesk.example COPYDESK_TOKEN=cdk_... npx tsx examples/users-csv.ts users.csv
 */
import fs from 'node:fs';
import { createCopydeskClient, describeFailure, type CopydeskOutputs } from 'copydesk/client';
import { clientFromEnv } from './support';

const file = process.argv[2];
if (!file) {
  console.error('usage: users-csv.ts <file.csv>');
  process.exit(2);
}

type User = CopydeskOutputs['admin']['users']['list']['items'][number];
const COLUMNS = ['id', 'username', 'email', 'emailVerified', 'isAdmin', 'subscriptionStatus', 'subscriptionPlan', 'createdAt'] as const;
// RFC 4180 quoting; a leading =, +, - or @ is defused so a spreadsheet does not run it as a formula.
const cell = (value: User[keyof User]) => {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

const client = createCopydeskClient(clientFromEnv());
const lines = [COLUMNS.join(',')];
try {
  let cursor: string | null = null;
  do {
    const page = await client.admin.users.list.query({ cursor, limit: 100 });
    for (const user of page.items) lines.push(COLUMNS.map((c) => cell(user[c])).join(','));
    cursor = page.nextCursor;
  } while (cursor);
} catch (e) {
  console.error(`export failed: ${describeFailure(e)}`);
  process.exit(2);
}
fs.writeFileSync(file, `${lines.join('\r\n')}\r\n`);
console.log(`${lines.length - 1} users written to ${file}`);
