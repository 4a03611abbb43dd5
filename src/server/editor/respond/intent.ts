import { ACTIONS, type Action, type SuggestionKind } from '../types';
import { countWords } from '../text/words';

const ACTION_WORDS: Record<Action, RegExp[]> = {
  concise: [
    /\bconcise(ness)?\b/i,
    /\bshorten\b/i,
    /\bshorter\b/i,
    /\btighten\b/i,
    /\btrim\b/i,
    /\bbrevity\b/i,
    /\bwordiness\b/i,
    /\bcut (it|the|down)\b/i,
  ],
  clarity: [/\bclarity\b/i, /\bclearer\b/i, /\bclarify\b/i, /\bmore clear\b/i, /\bunclear\b/i],
  grammar: [/\bgrammar\b/i, /\bgrammatical\b/i, /\bspelling\b/i, /\bpunctuation\b/i, /\bproofread\b/i, /\btypos?\b/i, /\bAP style\b/i],
  readability: [/\breadability\b/i, /\breadable\b/i, /\beasier to read\b/i, /\bflow\b/i],
  professional: [/\bprofessional(ly|ism)?\b/i, /\bformal\b/i, /\bpolish(ed)?\b/i],
  simplify: [
    /\bsimplify\b/i,
    /\bsimpler\b/i,
    /\bsimple (language|words)\b/i,
    /\bplain (language|english)\b/i,
    /\bsimplif(y|ied) the language\b/i,
  ],
};

const CONVERSATION = /\b(conversation|previous messages|chat history|earlier messages|messages above|everything above|whole thread)\b/i;

/** Drops the opening request to review the whole conversation that quick actions add to a running chat. */
function withoutPreamble(message: string): string {
  const sentences = message.split(/(?<=[.!?:])\s+/);
  while (sentences.length > 1 && CONVERSATION.test(sentences[0]!)) sentences.shift();
  return sentences.join(' ');
}

/**
 * Which quick action a prompt asks for. The words before the numbered steps
 * (the request itself) weigh five times as much as the steps, so "make this more
 * concise: 1. … improve clarity …" is still the concise action.
 */
export function detectAction(message: string): Action | null {
  const text = withoutPreamble(message);
  const stepAt = text.search(/(^|\s)1[.)]\s/);
  const head = (stepAt > 0 ? text.slice(0, stepAt) : text).slice(0, 300);
  const rest = stepAt > 0 ? text.slice(stepAt) : text.slice(300);
  let best: { action: Action; score: number; at: number } | null = null;
  for (const action of ACTIONS) {
    let score = 0;
    let at = Infinity;
    for (const re of ACTION_WORDS[action]) {
      const inHead = head.match(new RegExp(re.source, 'gi'));
      if (inHead) {
        score += 5 * inHead.length;
        at = Math.min(at, head.search(re));
      }
      score += rest.match(new RegExp(re.source, 'gi'))?.length ?? 0;
    }
    if (score > 0 && (!best || score > best.score || (score === best.score && at < best.at))) best = { action, score, at };
  }
  return best && best.score >= 2 ? best.action : null;
}

const KIND_WORDS: Record<SuggestionKind, RegExp> = {
  headline: /\b(headlines?|heds?|hed|title|titles|headers?)\b/i,
  social: /\b(social|tweets?|posts?\b.*\b(x|facebook|linkedin|instagram|threads|bluesky)|social media|facebook|linkedin|instagram)\b/i,
  caption: /\b(captions?|cutlines?|photo text)\b/i,
};

/** Suggestion kinds the request asks for ("write headlines and a caption"). */
export function detectSuggestionKinds(instruction: string): SuggestionKind[] {
  if (!/\b(write|suggest|give|draft|create|come up|need|want|headlines?|captions?|posts?|tweets?|ideas?|options?)\b/i.test(instruction))
    return [];
  return (Object.keys(KIND_WORDS) as SuggestionKind[]).filter((k) => KIND_WORDS[k].test(instruction));
}

export function detectCompare(instruction: string): boolean {
  return /\b(compare|comparison|diff|side[- ]by[- ]side|what changed|differences?)\b/i.test(instruction);
}

const REQUEST_START =
  /^(please|pls|can you|could you|would you|will you|help|make|improve|fix|check|review|edit|rewrite|write|suggest|give|create|draft|simplify|enhance|shorten|tighten|proofread|compare|analy[sz]e|look at|here['’]?s|here is|this is|below is|i need|i want|i['’]d like|now|also|and|what|how|why|thanks|thank you|ok|okay|great)\b/i;
const IMPERATIVE =
  /^(remove|replace|keep|ensure|use|avoid|identify|make|preserve|maintain|return|cut|combine|break|rewrite|fix|correct|check|eliminate|simplify|shorten|vary|convert|add|delete|change|do not|don['’]t|never|always|focus|provide|explain|list|highlight|consider|review|apply|follow|improve|enhance|adjust|organize|structure|clarify|present|show)\b/i;

/** Whether a block reads as instructions to the editor rather than copy. */
export function isInstruction(block: string): boolean {
  const t = block.trim();
  if (!t) return true;
  if (/^\s*\d+[.)]\s/.test(t) || /^[-*•]\s/.test(t)) return true;
  const sentences = t.split(/(?<=[.!?:])\s+/).filter(Boolean);
  const imperative = sentences.filter((s) => IMPERATIVE.test(s.replace(/^\d+[.)]\s*/, '')) || REQUEST_START.test(s)).length;
  if (imperative / sentences.length >= 0.5) return true;
  if (CONVERSATION.test(t) && countWords(t) < 60) return true;
  return countWords(t) <= 40 && (REQUEST_START.test(t) || /[?:]$/.test(t));
}

export interface SplitMessage {
  instruction: string;
  copy: string;
}

/** Separates a chat message into the request and the copy it carries (either may be empty). */
export function splitMessage(message: string): SplitMessage {
  const fenced = message.match(/```[a-z]*\n?([\s\S]*?)```/i);
  if (fenced && countWords(fenced[1]!) >= 5) {
    return { instruction: message.replace(fenced[0], ' ').trim(), copy: fenced[1]!.trim() };
  }
  const blocks = message
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter(Boolean);
  const instruction: string[] = [];
  const copy: string[] = [];
  for (const [i, block] of blocks.entries()) {
    if (i === 0 && blocks.length === 1) {
      // "Write headlines for this: <story>"
      const colon = block.search(/:\s/);
      if (colon > 0 && colon < 160) {
        const head = block.slice(0, colon + 1);
        const tail = block.slice(colon + 1).trim();
        if (isInstruction(head) && !isInstruction(tail) && countWords(tail) >= 8) {
          instruction.push(head);
          copy.push(tail);
          continue;
        }
      }
    }
    const quoted = block.split('\n').every((l) => /^>\s?/.test(l));
    if (quoted) copy.push(block.replace(/^>\s?/gm, ''));
    else if (isInstruction(block) && copy.length === 0) instruction.push(block);
    else if (isInstruction(block) && countWords(block) < 25) instruction.push(block);
    else copy.push(block);
  }
  const copyText = copy.join('\n\n');
  if (countWords(copyText) < 5) return { instruction: message.trim(), copy: '' };
  return { instruction: instruction.join('\n\n'), copy: copyText };
}

/** The revised text an earlier reply of the editor carried, if any. */
export function revisedTextIn(reply: string): string | null {
  // `(?![\s\S])` is the end of the reply: under the m flag `$` would stop at the first line end.
  const m = reply.match(/^### Revised text[^\n]*\n+([\s\S]*?)(?=\n### |\n---|(?![\s\S]))/m);
  const text = m?.[1]?.trim();
  return text ? text.replace(/^>\s?/gm, '') : null;
}
