import type { CopydeskClientOptions } from 'copydesk/client';

/** COPYDESK_URL and COPYDESK_TOKEN, as every example reads them. */
export function clientFromEnv(): CopydeskClientOptions {
  const baseUrl = process.env.COPYDESK_URL;
  const token = process.env.COPYDESK_TOKEN;
  if (!baseUrl || !token) {
    console.error('Set COPYDESK_URL (where Copydesk is served) and COPYDESK_TOKEN (Settings → API tokens).');
    process.exit(2);
  }
  return { baseUrl, token };
}

export const truncate = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** Rows as a plain-text table with a header line. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
