import { parseArgs } from 'node:util';

export function flags<T extends Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>>(args: string[], options: T) {
  return parseArgs({ args, options, strict: true, allowPositionals: false }).values;
}

export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
