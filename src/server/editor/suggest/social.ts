import { countWords } from '../text/words';
import { storySentences } from './facts';
import { headlines } from './headline';

export const SOCIAL_MAX = 280;

function join(parts: string[], max: number): string | null {
  let out = '';
  for (const p of parts) {
    const next = out ? `${out} ${p}` : p;
    if (next.length > max) break;
    out = next;
  }
  return out || null;
}

/** Three social posts of at most 280 characters, built from the story's own sentences. */
export function socialPosts(text: string): string[] {
  const sentences = storySentences(text);
  const plain = sentences.filter((s) => !s.quote && countWords(s.text) >= 5).map((s) => s.text);
  const quotes = sentences.filter((s) => s.quote).map((s) => s.text);
  const [headline] = headlines(text);
  const out: string[] = [];
  const add = (p: string | null) => {
    if (p && p.length <= SOCIAL_MAX && !out.includes(p)) out.push(p);
  };
  add(join(plain.slice(0, 2), SOCIAL_MAX));
  if (headline && quotes[0]) add(join([`${headline}:`, quotes[0]], SOCIAL_MAX));
  const figures = plain.filter((s) => /\d/.test(s));
  if (headline && figures.length) add(join([`${headline}.`, ...figures.filter((f) => f !== plain[0]).slice(0, 2)], SOCIAL_MAX));
  for (const s of plain) {
    if (out.length >= 3) break;
    add(join([s], SOCIAL_MAX));
  }
  if (out.length < 3 && headline) add(`${headline}.`);
  return out.slice(0, 3);
}
