import { CHAT_LIMITS } from '../../../shared/schemas/chat';

/** A title from the first words of a message: one line, cut at a word within 60 characters, with an ellipsis when cut. */
export function titleFromMessage(content: string): string {
  const line = content
    .replace(/[#>*_`~[\]]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const max = CHAT_LIMITS.autoTitleMaxChars;
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space >= max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}
