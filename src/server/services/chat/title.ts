import { CHAT_LIMITS } from '../../../shared/schemas/chat';
import { quickAction } from '../../../shared/quick-actions';
import { detectAction, splitMessage } from '../../editor/respond/intent';

/**
 * A title for a conversation from its first message: the first words of the
 * copy it carries, or, for a quick action with no copy of its own, the action's
 * name, never the first words of a long numbered prompt.
 */
export function titleFromMessage(content: string): string {
  const { copy } = splitMessage(content);
  if (copy.trim()) return firstWords(copy);
  // Only a numbered quick-action prompt is named after its action; a short request is its own best title.
  const action = /(^|\s)1[.)]\s/.test(content) ? detectAction(content) : null;
  return firstWords(action ? quickAction(action).label : content);
}

/** One line, cut at a word within 60 characters, with an ellipsis when cut. */
function firstWords(text: string): string {
  const line = text
    .replace(/[#>*_`~[\]]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const max = CHAT_LIMITS.autoTitleMaxChars;
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space >= max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}
