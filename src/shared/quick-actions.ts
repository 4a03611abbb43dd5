/**
 * The composer's six quick actions and the prompts behind them. A quick action
 * sends only its name (and any copy), so the user's bubble reads "Make more
 * concise"; the server expands the name into the prompt. The wording is
 * written for both readers: a model follows the numbered steps, and the
 * embedded engine recognises the action from the request line before step 1
 * (so each request line names its action, and the steps avoid the other
 * actions' key words).
 */

export const QUICK_ACTION_IDS = ['concise', 'clarity', 'grammar', 'readability', 'professional', 'simplify'] as const;
export type QuickActionId = (typeof QUICK_ACTION_IDS)[number];

export interface QuickAction {
  id: QuickActionId;
  /** The button text. */
  label: string;
  /** The request line that opens the prompt. */
  request: string;
  steps: readonly string[];
}

const KEEP_QUOTES =
  'Leave anything inside quotation marks exactly as the source said it: quotes are the source’s words, so flag a problem in a quote instead of changing it.';
const EXPLAIN = 'Return the revised text, then explain each edit in a short numbered list: what you changed and why.';

export const QUICK_ACTIONS: readonly QuickAction[] = [
  {
    id: 'concise',
    label: 'Make more concise',
    request: 'Make this copy more concise without losing any facts.',
    steps: [
      'Cut wordy phrases, redundancies and filler words ("in order to" becomes "to", "at this point in time" becomes "now").',
      'Tighten long sentences: prefer active verbs to passive constructions, so the lead says who did what.',
      'Trim repetition: state each fact once, where it matters most.',
      'Keep every name, number, date and attribution.',
      KEEP_QUOTES,
      EXPLAIN,
    ],
  },
  {
    id: 'clarity',
    label: 'Improve clarity',
    request: 'Improve the clarity of this copy so a reader understands every sentence on the first pass.',
    steps: [
      'Find sentences that are ambiguous or hard to follow and rewrite each so it makes one point.',
      'Replace jargon, clichés and vague wording with concrete, specific words, and spell out acronyms on first use.',
      'Keep the subject close to its verb and prefer the active voice, so the reader knows who did what.',
      'Do not add facts or change what the copy says; where the meaning itself is unclear, ask instead of guessing.',
      KEEP_QUOTES,
      EXPLAIN,
    ],
  },
  {
    id: 'grammar',
    label: 'Fix grammar and style',
    request: 'Fix the grammar and style of this copy, following AP style.',
    steps: [
      'Correct spelling, punctuation, agreement and commonly confused words (their/there, its/it’s, affect/effect).',
      'Apply AP style: numbers (one to nine spelled out, figures for 10 and up), dates and month abbreviations, times such as 7 p.m., titles, state names and "said" for attribution.',
      'Fix tense shifts and dangling modifiers while keeping the writer’s voice and meaning.',
      KEEP_QUOTES,
      'Return the corrected text, then explain each edit in a short numbered list, naming the rule behind it.',
    ],
  },
  {
    id: 'readability',
    label: 'Enhance readability',
    request: 'Enhance the readability of this copy so it is easier to read on a phone screen.',
    steps: [
      'Split sentences of more than about 25 words into two, one idea per sentence.',
      'Keep paragraphs to one to three sentences and put the most important information first.',
      'Use familiar words instead of long or technical ones, and active verbs instead of passive constructions.',
      'Add transitions where the story jumps, so each paragraph leads into the next.',
      `Keep every fact, name and number. ${KEEP_QUOTES}`,
      EXPLAIN,
    ],
  },
  {
    id: 'professional',
    label: 'Make more professional',
    request: 'Make this copy more professional, in the measured tone of a news report.',
    steps: [
      'Replace casual, slangy or emotional wording with neutral, precise language, and remove exclamation marks and hype.',
      'Apply news style: "said" for attribution, no courtesy titles, and consistent names and titles on second reference.',
      'Take opinion and loaded words out of the reporter’s voice; attribute claims to a named source, and use "alleged" or "police said" for accusations not proven in court.',
      'Remove filler and redundancies, and correct errors in spelling and agreement.',
      KEEP_QUOTES,
      EXPLAIN,
    ],
  },
  {
    id: 'simplify',
    label: 'Simplify the language',
    request: 'Simplify the language of this copy for a general reader.',
    steps: [
      'Replace long or technical words with everyday ones ("utilize" becomes "use", "approximately" becomes "about").',
      'Explain jargon and acronyms in everyday words the first time they appear.',
      'Split long sentences into two and prefer the active voice.',
      'Keep every fact, name and number accurate: make the words easy, not the meaning thinner.',
      KEEP_QUOTES,
      EXPLAIN,
    ],
  },
];

/** Opens the prompt when the conversation already has messages, so the editor works on the latest copy in it. */
export const REVIEW_CONVERSATION = 'Review our whole conversation above and work on the latest version of my copy.';

export function quickAction(id: QuickActionId): QuickAction {
  const action = QUICK_ACTIONS.find((a) => a.id === id);
  if (!action) throw new Error(`unknown quick action ${id}`);
  return action;
}

/**
 * What a quick action sends and the user's bubble shows: the action's name, then
 * the copy typed in the composer (if any) after a blank line. The server expands
 * the name into the full prompt (`expandQuickAction`) for the editor.
 */
export function quickActionMessage(id: QuickActionId, copy?: string): string {
  const text = copy?.trim();
  return text ? `${quickAction(id).label}\n\n${text}` : quickAction(id).label;
}

/** The quick action a message names on its first line, and the copy after it; null for any other message. */
export function quickActionIn(content: string): { action: QuickAction; copy: string } | null {
  const [first, ...rest] = content.trim().split('\n');
  const name = first!.trim().replace(/[.!]$/, '').toLowerCase();
  const action = QUICK_ACTIONS.find((a) => a.label.toLowerCase() === name);
  return action ? { action, copy: rest.join('\n').trim() } : null;
}

/**
 * The prompt the editor answers for a message: a quick action's name becomes its
 * long numbered-step prompt (opening with the request to review the conversation
 * when it has messages); any other message is its own prompt.
 */
export function expandQuickAction(content: string, o: { hasMessages: boolean }): string {
  const found = quickActionIn(content);
  return found ? quickActionPrompt(found.action.id, { hasMessages: o.hasMessages, copy: found.copy }) : content;
}

/**
 * The full prompt of a quick action: the request, its numbered steps, and the
 * copy typed in the composer (if any) after a blank line.
 */
export function quickActionPrompt(id: QuickActionId, o: { hasMessages: boolean; copy?: string }): string {
  const action = quickAction(id);
  const request = o.hasMessages ? `${REVIEW_CONVERSATION} ${action.request}` : action.request;
  const steps = action.steps.map((s, i) => `${i + 1}. ${s}`).join('\n');
  const copy = o.copy?.trim();
  return [request, steps, ...(copy ? [copy] : [])].join('\n\n');
}
