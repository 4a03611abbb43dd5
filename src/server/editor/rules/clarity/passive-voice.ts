import { ABBREVIATIONS } from '../../text/sentences';
import { baseOfPast, IRREGULAR_PARTICIPLES, pastFromParticiple } from '../../text/verbs';
import { defineRule } from '../rule';
import type { Hit } from '../rule';

const STOP = new Set(
  'after before on in at for with during because when while since until to from over into near following amid despite as and but or than who which that where this last next each every'.split(
    ' ',
  ),
);
const TIME_WORDS =
  /^(monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|aug|sept|oct|nov|dec|noon|midnight|phone|telephone|email|mail|hand|car|foot|far|about|more|less|nearly|almost|up|then|now|law|default|chance|accident|mistake|appointment|tomorrow|yesterday|today|tonight|\d.*)$/i;
/** Words that end an agent ("by the board Monday"). */
const WHEN =
  /^(monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|aug|sept|oct|nov|dec|noon|midnight|tomorrow|yesterday|today|tonight|then|now|about|nearly|almost|last|this)$/i;
const AGENT_START = /^(\p{L}[\p{L}'’.-]*)$/u;
const NOT_AGENT_WORD =
  /^(far|hand|foot|car|bus|train|air|mail|email|phone|telephone|law|default|chance|accident|mistake|design|nature|noon|midnight|then|now|now|itself|themselves|himself|herself|comparison|contrast|virtue|means|way|night|day|dawn|dusk|midday|tomorrow|yesterday|today|tonight|some|many|more|less|much|nearly|almost|about|up|roughly|at|as|over)$/i;
const NOT_AGENT =
  /^(?:a|an|the)\s+(vote|margin|majority|wide|narrow|unanimous|end|time|deadline|close|middle|start|beginning|way|hour|day|week|month|year|percent|factor|total)\b/i;
/** A form of "to be" followed by a past participle. */
const PASSIVE_RE = new RegExp(
  `(?<![\\p{L}])(was|were|is|are|will be|has been|have been|had been|been|being|be)\\s+(\\p{Ll}+ed|${IRREGULAR_PARTICIPLES.join('|')})(?![\\p{L}])`,
  'giu',
);
const LOWERABLE =
  /^(The|A|An|Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten|Some|Many|Several|Most|All|Both|Each|Every|Its|Their|His|Her|Our|This|That|These|Those)\b/;

function lowerFirst(s: string): string {
  return LOWERABLE.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s;
}
function upperFirst(s: string): string {
  return s[0]!.toUpperCase() + s.slice(1);
}

/**
 * Voice is the writer's call: AP keeps the passive when the one acted on is the
 * news ("The driver was struck by a pickup"), and turning a sentence around
 * moves its emphasis. The active version is offered, never applied by a rewrite.
 */
export const passiveVoice = defineRule({
  id: 'clarity/passive-voice',
  category: 'clarity',
  scope: 'sentence',
  actions: ['concise', 'readability', 'simplify'],
  explanation: 'Active voice is shorter and clearer: when the sentence names who acted ("by the board"), make that actor the subject.',
  autoFix: false,
  check(doc) {
    const { text } = doc;
    const hits: Hit[] = [];
    for (const m of text.matchAll(PASSIVE_RE)) {
      const msg = { start: m.index + m[0].length - m[2]!.length, end: m.index + m[0].length, actual: m[2]! };
      const sentence = doc.sentenceAt(msg.start);
      if (!sentence || doc.inQuote(msg.start, msg.end)) continue;
      if (/^survived$/i.test(m[2]!)) continue; // an obituary's "is survived by" is the idiom, not a hidden actor
      const before = text.slice(sentence.start, msg.start);
      const be = { 0: m[0].slice(0, m[0].length - m[2]!.length), 1: m[1]! };
      const beStart = m.index;
      if (beStart < sentence.start) continue;
      // the second of two predicates on one subject ("The land is zoned for farming and has been farmed by…") cannot turn around alone
      if (/[\p{L},]\s+and\s+$/u.test(text.slice(sentence.start, beStart))) continue;
      const afterParticiple = text.slice(msg.end, sentence.end);
      const by = afterParticiple.match(/^(\s+\p{L}+ly)?\s+by\s+/u);
      if (!by) continue;
      const agentStart = msg.end + by[0].length;
      const agentText = text.slice(agentStart, sentence.end);
      if (NOT_AGENT.test(agentText)) continue;
      const words = [...agentText.matchAll(/[^\s,.;:!?"”)]+/g)];
      const first = words[0]?.[0];
      if (!first || TIME_WORDS.test(first) || NOT_AGENT_WORD.test(first) || !AGENT_START.test(first)) continue;
      let agentEnd = agentStart;
      let previous = '';
      for (const w of words) {
        const stop =
          STOP.has(w[0].toLowerCase()) ||
          w[0].toLowerCase() === 'by' ||
          WHEN.test(w[0]) ||
          /\d/.test(w[0]) ||
          (/^\p{Ll}+(?:ed|en)$/u.test(w[0]) && w !== words[0]); // "a car driven by…" ends the agent at "car"
        if (w !== words[0] && stop) break;
        const gap = agentText.slice(agentEnd - agentStart, w.index);
        // a period after Gov or a middle initial is part of the name, not the end of the agent
        const abbreviation = /^\.\s+$/.test(gap) && (ABBREVIATIONS.has(previous) || /^\p{Lu}$/u.test(previous));
        if (w !== words[0] && /[,.;:!?"”)]/.test(gap) && !abbreviation) break;
        agentEnd = agentStart + w.index + w[0].length;
        previous = w[0];
      }
      if (ABBREVIATIONS.has(previous) && text[agentEnd] === '.') agentEnd++; // "by Gov." keeps its period
      const spanEnd = agentStart - 1;
      const hit: Hit = {
        start: beStart,
        end: spanEnd,
        message: `Passive voice: "${text.slice(beStart, spanEnd)}" hides the actor at the end. Lead with "${text.slice(agentStart, agentEnd)}".`,
        suggestion: null,
      };
      // a safe rewrite needs a simple subject that starts the sentence or follows an opening phrase
      const lastComma = before.lastIndexOf(', ');
      const subjectStart = lastComma >= 0 ? sentence.start + lastComma + 2 : sentence.start + (before.match(/^["“‘(]?/)?.[0].length ?? 0);
      const subject = text.slice(subjectStart, beStart).trim();
      const beWord = be[1]!.toLowerCase();
      const participle = msg.actual;
      let verb: string | null = null;
      if (beWord === 'was' || beWord === 'were') verb = pastFromParticiple(participle);
      else if (beWord === 'will be') verb = baseOfPast(participle) ? `will ${baseOfPast(participle)}` : null;
      const agent = text.slice(agentStart, agentEnd);
      if (
        verb &&
        subject &&
        subject.split(/\s+/).length <= 8 &&
        !/\b(who|which|that|and|or)\b/i.test(subject) &&
        !/\b(and|or)\b/.test(agent)
      ) {
        const atStart = subjectStart === sentence.start || doc.startsSentence(subjectStart);
        const active = `${atStart ? upperFirst(agent) : agent} ${verb} ${atStart ? lowerFirst(subject) : subject}`;
        hit.start = subjectStart;
        hit.end = agentEnd;
        // an adverb's place in the active sentence is a writer's call, so only adverb-free sentences get a fix
        hit.suggestion = by[1] ? null : active;
        hit.message = `Passive voice: put the actor first: "${active}".`;
      }
      hits.push(hit);
    }
    return hits;
  },
});
