import { ACTIONS, type Action, type Category, type SuggestionKind } from '../types';
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
  /^(please|pls|can you|could you|would you|will you|help|make|improve|fix|check|review|edit|rewrite|write|suggest|give|create|draft|simplify|enhance|shorten|tighten|trim|cut|condense|proofread|compare|analy[sz]e|look at|here['’]?s|here is|this is|below is|i need|i want|i['’]d like|now|also|and|what|how|why|is|are|does|do|thanks|thank you|ok|okay|great)\b/i;
/** Openers that ask something only when the sentence is a question ("What a night." is copy). */
const QUESTION_OPENER = /^(what|how|why|is|are|does|do|and|now|also|ok|okay|great)\b/i;
const IMPERATIVE =
  /^(remove|replace|keep|ensure|use|avoid|identify|make|preserve|maintain|return|cut|combine|break|rewrite|fix|correct|check|eliminate|simplify|shorten|vary|convert|add|delete|change|do not|don['’]t|never|always|focus|provide|explain|list|highlight|consider|review|apply|follow|improve|enhance|adjust|organize|structure|clarify|present|show|tighten|trim|condense|get|bring|reduce|pare|whittle|chop|slim|write|suggest|draft|give|proofread)\b/i;

const asksSomething = (s: string) => IMPERATIVE.test(s) || (REQUEST_START.test(s) && (!QUESTION_OPENER.test(s) || /[?:]$/.test(s.trim())));

/** Whether a block reads as instructions to the editor rather than copy. */
export function isInstruction(block: string): boolean {
  const t = block.trim();
  if (!t) return true;
  if (/^\s*\d+[.)]\s/.test(t) || /^[-*•]\s/.test(t)) return true;
  const sentences = t.split(/(?<=[.!?:])\s+/).filter(Boolean);
  const imperative = sentences.filter((s) => asksSomething(s.replace(/^\d+[.)]\s*/, ''))).length;
  // half the sentences asking is a request only in a short block: "Is the city ready? The council voted…" is copy
  const share = imperative / sentences.length;
  if (share > 0.5 || (share === 0.5 && countWords(t) <= 25)) return true;
  if (CONVERSATION.test(t) && countWords(t) < 60) return true;
  if (countWords(t) > 40) return false;
  if (asksSomething(t) || /[?:]$/.test(t) || (countWords(t) <= 30 && UNMISTAKABLE.has(parseRequest(t).kind))) return true;
  // "is this AP style" typed without its question mark, above the story
  return countWords(t) <= 12 && /^(?:is|does|do|are|would|will|can|could)\b/i.test(t) && parseRequest(t).kind === 'style-check';
}

/** Requests that short copy never reads as: a word target, a checklist, an explanation ("Get it under 100 words"). */
const UNMISTAKABLE = new Set<ChatRequest['kind']>(['tighten', 'missing', 'explain']);

export interface SplitMessage {
  instruction: string;
  copy: string;
}

/** Requests definite enough to split a one-paragraph message at the end of its first sentence. */
const SPECIFIC = new Set<ChatRequest['kind']>(['tighten', 'style-check', 'missing', 'suggest', 'explain', 'compare', 'action']);

/**
 * A one-paragraph message that opens with a request and goes on with the copy:
 * "Write headlines for this: <story>", "Is this AP style? <story>", "Tighten this
 * to 150 words. <story>". The head must be a request the editor knows (or end in a
 * colon or question mark), so copy that opens with "What a night." stays copy.
 */
function splitHead(block: string): SplitMessage | null {
  const m = block.match(/^(.{3,200}?[:?.!])\s+(?=\S)/s);
  if (!m) return null;
  const head = m[1]!;
  const tail = block.slice(m[0].length).trim();
  if (countWords(tail) < 8 || isInstruction(tail)) return null;
  const known = SPECIFIC.has(parseRequest(head).kind);
  // "Is the city ready for winter?" opens a story; "Is this AP style?" asks about one
  const aboutTheCopy = /\b(this|it|these|my|the (?:story|copy|piece|draft|lede|lead|article|text))\b/i.test(head);
  const asks = head.endsWith(':')
    ? isInstruction(head)
    : head.endsWith('?')
      ? isInstruction(head) && (known || aboutTheCopy)
      : asksSomething(head) && known;
  return asks ? { instruction: head, copy: tail } : null;
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
    if (i === 0) {
      // "What's missing? <the story's first paragraph>" on one line, the rest below
      const split = splitHead(block);
      if (split) {
        instruction.push(split.instruction);
        copy.push(split.copy);
        continue;
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

/** A length the writer asked for: `max` for "under 200 words", `about` for "to 150 words". */
export interface WordTarget {
  words: number;
  mode: 'about' | 'max';
}

const CUT_VERB =
  /\b(tighten|trim|cut|shorten|reduce|condense|pare|whittle|bring|get|make|keep|boil|chop|slim|edit|rewrite|fit|squeeze|need|want|give me|limit|length)\b/i;
const BOUND =
  '(?:down\\s+)?(?:to|under|below|within|into|at|in|less than|fewer than|no more than|not more than|at most|max(?:imum)?(?:\\s+of)?|around|about|roughly|approximately|of)';
const NUMBER = '(\\d{1,3}(?:,\\d{3})+|\\d+)';
const MAX_WORDS = /\b(under|below|less than|fewer than|no more than|not more than|at most|max(imum)?|within|or less|or fewer|tops)\b/i;

/** "Tighten this to 150 words", "get this under 200 words", "trim it to 120", "a 300-word version". */
export function wordTarget(instruction: string): WordTarget | null {
  const text = instruction.replace(/\s+/g, ' ');
  if (!CUT_VERB.test(text) && !/\bwords?\b/i.test(text)) return null;
  const patterns = [
    new RegExp(`\\b${BOUND}\\s+${NUMBER}\\s*(?:-\\s*)?words?\\b`, 'i'),
    new RegExp(`\\b${NUMBER}\\s*(?:-\\s*|\\s+)words?\\b`, 'i'),
    new RegExp(
      `\\b(?:tighten|trim|cut|shorten|reduce|condense|pare|whittle|bring|get|make|keep|chop|slim|squeeze)\\b[^.?!\\d]{0,30}?\\b(?:down\\s+)?(?:to|under|below)\\s+${NUMBER}\\b(?!\\s*(?:%|percent|characters?|chars?|letters?|lines?|sentences?|paragraphs?|minutes?|seconds?|pages?|a\\.m|p\\.m|am\\b|pm\\b))`,
      'i',
    ),
  ];
  for (const re of patterns) {
    const m = text.match(re);
    if (!m) continue;
    // "the 3 words" in "remove the 3 words" is not a length; a length comes with a cut verb or a bound
    if (re === patterns[1] && !CUT_VERB.test(text)) continue;
    const words = Number(m[1]!.replace(/,/g, ''));
    if (!Number.isFinite(words) || words <= 0) continue;
    return { words, mode: MAX_WORDS.test(text) ? 'max' : 'about' };
  }
  return null;
}

const COUNT_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  single: 1,
  two: 2,
  'a couple of': 2,
  'a couple': 2,
  couple: 2,
  pair: 2,
  three: 3,
  'a few': 3,
  few: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};
const COUNT = '(\\d{1,3}|a couple of|a couple|a few|a pair of|an?|one|single|two|three|four|five|six|seven|eight|nine|ten|couple|few|pair)';
const KIND_NOUNS: Record<SuggestionKind, string> = {
  headline: '(?:headlines?|heds?|titles?|headers?)',
  social: '(?:social(?:\\s+media)?\\s+posts?|social\\s+copy|posts?|tweets?)',
  caption: '(?:captions?|cutlines?)',
};

/** A word between a count and its noun ("three short headlines"), never another request ("ten headlines and a caption"). */
const FILLER = "(?!(?:and|or|plus|with|headlines?|heds?|captions?|cutlines?|posts?|tweets?|social)\\b)[a-z'’-]+";

/** How many suggestions of a kind the request asks for ("three headlines", "a caption", "5 heds"); null when it names no number. */
export function suggestionCount(instruction: string, kind: SuggestionKind): number | null {
  const text = instruction.toLowerCase().replace(/\s+/g, ' ');
  const direct = text.match(new RegExp(`\\b${COUNT}\\s+(?:${FILLER}\\s+){0,3}?${KIND_NOUNS[kind]}\\b`, 'i'));
  const options = text.match(
    new RegExp(
      `\\b${COUNT}\\s+(?:${FILLER}\\s+){0,2}?(?:options|ideas|versions|alternatives|choices|takes)\\s+(?:for|of)\\s+(?:a\\s+|an\\s+|the\\s+)?(?:${FILLER}\\s+){0,2}?${KIND_NOUNS[kind]}\\b`,
      'i',
    ),
  );
  const m = direct ?? options;
  if (!m) return null;
  const raw = m[1]!.replace(/ of$/, '');
  const n = /^\d+$/.test(raw) ? Number(raw) : (COUNT_WORDS[raw] ?? null);
  return n && n > 0 ? n : null;
}

/** What the writer asked of the editor. */
export type ChatRequest =
  | { kind: 'tighten'; target: WordTarget }
  | { kind: 'style-check' }
  | { kind: 'missing' }
  | { kind: 'suggest'; kinds: SuggestionKind[]; counts: Partial<Record<SuggestionKind, number>> }
  | { kind: 'explain' }
  | { kind: 'compare' }
  | { kind: 'action'; action: Action }
  | { kind: 'topic'; category: Category }
  | { kind: 'review' }
  | { kind: 'help' }
  | { kind: 'thanks' }
  /** "How long is it?", "What's the reading level?" */
  | { kind: 'length' }
  /** A question the editor cannot answer from the copy ("Who is the mayor?"). */
  | { kind: 'question' }
  /** No request at all: the message is copy. */
  | { kind: 'none' };

/** "Can you tighten this?" is a request put politely; "Can you tell me if…" is a question. */
const POLITE_REQUEST = /^(?:please\s+)?(?:can|could|would|will) you(?:\s+please)?\s+(?!tell|say|see|find|check whether|check if)/i;

const isQuestion = (t: string) =>
  !POLITE_REQUEST.test(t) &&
  (/\?\s*$/.test(t) ||
    /^(is|are|does|do|did|was|were|has|have|had|can|could|should|would|will|any|anything|how|what|which|who|why|where|when)\b/i.test(t));

const EXPLAIN = [
  /\bexplain\b[^.?!]{0,40}\b(your|the|these|those|that|this|last|previous|each of (?:your|the))\s+(edits?|changes?|revisions?|corrections?|fix(?:es)?|suggestions?|cuts?)\b/i,
  /\bexplain (?:why|what you (?:did|changed))\b/i,
  /\bwhy did you\b/i,
  /\bwhat did you (?:change|edit|cut|fix|do)\b/i,
  /\bwhy (?:the|these|those|that|this) (?:edits?|changes?|cuts?|fix(?:es)?)\b/i,
  /\b(?:walk me through|talk me through)\b/i,
];
const MISSING = [
  /\bwhat(?:['’]s| is| am i| are we| else is)?\s+(?:still\s+)?(?:missing|lacking|left out|absent)\b/i,
  /\b(?:anything|something|is there anything|what else)\b[^.?!]{0,30}\b(?:missing|left out|lacking|need to add|should i add)\b/i,
  /\b(?:gaps?|holes?)\b[^.?!]{0,20}\b(?:story|copy|piece|reporting|this)\b/i,
  /\b(?:five|5)\s*w['’]?s\b/i,
  /\bwhat (?:questions|else) (?:would|will|might|does|do|should)\b/i,
  /\bmissing (?:from|in)\b/i,
  /\bis (?:it|this|the story) (?:complete|missing)\b/i,
];
/** AP style by name; a bare "AP" counts only in a short question ("Is this AP?"), since copy credits the AP. */
const STYLE_NAMED = /(?:\b(?:AP|A\.P\.)[\s-]*(?:style|stylebook|rules)\b|\bstylebook\b|\bstyle guide\b|\bnews style\b|\bhouse style\b)/i;
const STYLE_WORDS = {
  test: (t: string) => STYLE_NAMED.test(t) || (/\b(?:AP|A\.P\.)(?![\p{L}])/u.test(t) && isQuestion(t) && countWords(t) <= 8),
};
const FIX_WORDS =
  /\b(fix|apply|correct|make|convert|change|put|rewrite|edit|conform|bring|update|clean up|turn|follow these|proofread|grammar|spelling)\b/i;
const TOPICS: [Category, RegExp][] = [
  ['legal', /\b(legal(?:ly)?|libel(?:ous)?|defam\w*|sue|sued|lawsuit|lawyers?|contempt|presum\w*|safe to (?:publish|run|print))\b/i],
  ['quote', /\bquot(?:e|es|ation|ations|ed)\b/i],
  ['grammar', /\b(grammar|grammatical|spelling|spelled|typos?|misspell\w*|punctuation)\b/i],
  ['vague', /\b(vague|sourcing|sourced|anonymous|attribution|attributed)\b/i],
  ['consistency', /\b(consisten(?:t|cy)|contradict\w*|add(?:s)? up|match(?:es)?|agree(?:s)? with itself)\b/i],
  ['context', /\b(context|background|baselines?)\b/i],
  ['clarity', /\b(clear|clarity|confusing|wordy|jargon|clich[eé]s?|passive)\b/i],
];
const REVIEW =
  /\b(review|check|look (?:at|over)|edit|feedback|thoughts|think|critique|assess|evaluate|go over|read (?:it|this|over)|notes|problems?|issues?|errors?|mistakes?|wrong|good|ok|okay|fine|ready|publishable|work|improve|better)\b/i;
const HELP_WORDS = /^(?:hi|hello|hey|help|what can you do|how does this work|who are you|what are you|how do i use)\b/i;
const THANKS =
  /^(?:thanks|thank you|thx|great|perfect|cool|ok|okay|got it|awesome|nice|good|excellent|will do|sounds good)\b[\s\S]{0,40}$/i;

/**
 * Reads what the writer asked: a word target, a style verdict, a checklist of
 * what is missing, suggestions, an explanation of the last edits, a quick action,
 * a question about one kind of problem, or a review. The numbered steps of a quick
 * action's prompt ("explain each edit") never turn it into another request.
 */
export function parseRequest(instruction: string): ChatRequest {
  const text = withoutPreamble(instruction.trim());
  if (!text) return { kind: 'none' };
  const stepAt = text.search(/(^|\s)1[.)]\s/);
  const head = stepAt > 0 ? text.slice(0, stepAt) : text;
  if (stepAt > 0) {
    const action = detectAction(text);
    if (action) return { kind: 'action', action };
  }
  const target = wordTarget(head);
  if (target) return { kind: 'tighten', target };
  if (EXPLAIN.some((re) => re.test(head))) return { kind: 'explain' };
  if (MISSING.some((re) => re.test(head))) return { kind: 'missing' };
  // "Is this AP style?" asks for a verdict; "Fix the AP style" is the grammar and style action
  if (STYLE_WORDS.test(head) && (isQuestion(head) || !FIX_WORDS.test(head))) return { kind: 'style-check' };
  const kinds = detectSuggestionKinds(head);
  if (kinds.length) {
    const counts: Partial<Record<SuggestionKind, number>> = {};
    for (const k of kinds) {
      const n = suggestionCount(head, k);
      if (n) counts[k] = n;
    }
    return { kind: 'suggest', kinds, counts };
  }
  if (detectCompare(head)) return { kind: 'compare' };
  const question = isQuestion(head);
  if (!question) {
    const action = detectAction(text);
    if (action) return { kind: 'action', action };
  }
  if (HELP_WORDS.test(head) && countWords(head) <= 8) return { kind: 'help' };
  if (question) {
    if (
      /\b(how (?:long|many words)|word count|length|reading (?:level|grade)|grade level|how (?:hard|easy) (?:is it )?to read)\b/i.test(head)
    )
      return { kind: 'length' };
    const topic = TOPICS.find(([, re]) => re.test(head));
    if (topic) return { kind: 'topic', category: topic[0] };
    if (STYLE_WORDS.test(head)) return { kind: 'style-check' };
    return REVIEW.test(head) ? { kind: 'review' } : { kind: 'question' };
  }
  if (THANKS.test(head) && countWords(head) <= 8) return { kind: 'thanks' };
  if (REVIEW.test(head) || REQUEST_START.test(head)) return { kind: 'review' };
  return { kind: 'none' };
}

/** The revised text an earlier reply of the editor carried, if any. */
export function revisedTextIn(reply: string): string | null {
  // `(?![\s\S])` is the end of the reply: under the m flag `$` would stop at the first line end.
  const m = reply.match(/^### Revised text[^\n]*\n+([\s\S]*?)(?=\n### |\n---|(?![\s\S]))/m);
  const text = m?.[1]?.trim();
  return text ? text.replace(/^>\s?/gm, '') : null;
}
