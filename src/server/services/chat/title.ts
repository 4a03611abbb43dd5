import { CHAT_LIMITS } from '../../../shared/schemas/chat';
import { quickAction, quickActionIn } from '../../../shared/quick-actions';
import { detectAction, splitMessage } from '../../editor/respond/intent';

/**
 * A title for a conversation from its first message: its first words, except
 * for a quick action (its name, or a numbered prompt), which is named after the
 * copy it carries or, with no copy of its own, after the action.
 */
export function titleFromMessage(content: string): string {
  const named = quickActionIn(content);
  if (named) return firstWords(named.copy || named.action.label);
  const action = /(^|\s)1[.)]\s/.test(content) ? detectAction(content) : null;
  if (!action) return firstWords(content);
  const { copy } = splitMessage(content);
  return firstWords(copy.trim() ? copy : quickAction(action).label);
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
