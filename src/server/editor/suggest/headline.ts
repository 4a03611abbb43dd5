import { parseClauses, type Clause } from './clause';
import {
  accuses,
  ANONYMOUS,
  type Draft,
  fit,
  isPronoun,
  joined,
  options,
  part,
  REPORTING,
  shortSubject,
  speakerCore,
  speakerIsPlural,
  subjects,
  verbPart,
  type Part,
} from './compose';
import { factSentences, type Story } from './facts';
import { isOpinion } from './opinion';
import { abbreviateStates, capitalise, render } from './style';
import { presentOf, textIs, verbForm } from './verbs';

/** The project's headline length (the respond note and the client say the same). */
export const HEADLINE_MAX = 70;

/** Headline drafts for one clause, best first. */
function clauseHeadlines(clause: Clause, story: Story, lead: boolean): Part[] {
  const out: Part[] = [];
  // "Greer said rising costs …" that could not be split into speaker and report: no headline says half of it
  const firstPhrase = clause.segments.find((s) => s.kind !== 'date');
  if (
    clause.verb.kind === 'active' &&
    REPORTING.test(clause.verb.main.lemma) &&
    firstPhrase?.kind !== 'inf' &&
    !clause.segments.some((s) => s.kind === 'clause')
  )
    return out;
  if (!clause.core.some((w) => ['NOUN', 'PROPN', 'NUM', 'PRON'].includes(w.pos))) return out;
  // background ("opened in 2007", "had left"): news for a headline is in the present
  const past =
    (clause.verb.kind === 'active' || clause.verb.kind === 'passive') &&
    (verbForm(clause.verb.words[0]!) === 'past' || clause.verb.words.some((w) => textIs(w, 'had')));
  if (
    !lead &&
    past &&
    (clause.verb.words.some((w) => textIs(w, 'had')) ||
      clause.segments.some(
        (s) => s.kind === 'pp' && /^(?:in|since)$/i.test(s.words[0]!.text) && s.words.some((w) => /^(?:1[89]|20)\d\d$/.test(w.text)),
      ))
  )
    return out;
  const verb = verbPart(clause);
  const opts = options(clause, story);
  const attribution = clause.attribution;
  const speaker = attribution ? speakerCore(attribution.speaker) : [];
  const anonymous = speaker.some((w) => ANONYMOUS.test(w.text)) && !speaker.some((w) => w.pos === 'PROPN');
  const speakerPart = speaker.length && !anonymous ? part(speaker, story.curly) : null;
  const speakerPlural = speakerIsPlural(speaker, story);
  const accused = accuses(clause);
  const possessive = attribution?.at === 'head' && /^(?:its|their)$/i.test(clause.subject[0]?.text ?? '');
  // "City should have sought grants" states a council member's view as the paper's: it goes out only attributed
  const plain = !isPronoun(clause.core) && !accused && !isOpinion(clause);
  if (plain) {
    const abbreviated = opts.map((o) => ({ ...o, part: { ...o.part, text: abbreviateStates(o.part.text, true) } }));
    for (const subject of subjects(clause, story)) {
      const h = fit(subject, verb, opts, HEADLINE_MAX) ?? fit(subject, verb, abbreviated, HEADLINE_MAX);
      if (h) out.push(h);
    }
    // a long subject cut to its head, only when nothing else fits
    const short = out.length ? null : shortSubject(clause, story);
    const h = short && fit(short, verb, opts, HEADLINE_MAX);
    if (h) out.push(h);
  }
  if (speakerPart && attribution && !possessive) {
    const says = presentOf(textIs(attribution.verb, 'according') ? 'say' : attribution.verb.lemma, speakerPlural);
    // "Police say man stabbed neighbor": the reported clause keeps its own tense
    const asWritten: Part = {
      text: render(
        clause.verb.words.filter((w) => !(w.pos === 'ADV' && /ly$/i.test(w.text))),
        { headline: true, curly: story.curly },
      ),
      words: clause.verb.words,
    };
    const keepTense = accused || attribution.at === 'head';
    const reported = keepTense ? asWritten : verb;
    const reportedOpts = keepTense ? options(clause, story, { tense: 'as-written' }) : opts;
    const pronoun = isPronoun(clause.core);
    for (const subject of subjects(clause, story).reverse()) {
      if (attribution.at === 'head' || accused) {
        const lead: Part = { text: `${speakerPart.text} ${says}`, words: speaker };
        const h = fit(joined([lead, subject]), reported, reportedOpts, HEADLINE_MAX);
        if (h) out.push(h);
      } else if (!pronoun) {
        const full =
          speaker[0]!.pos === 'PROPN' ? speakerPart.text : speakerPart.text.replace(/^\p{Lu}(?=\p{Ll})/u, (c) => c.toLowerCase());
        // "…, council member Dana Whitfield says" too long: the speaker by role, as a headline names someone not yet known
        const role = speaker.filter((w) => w.pos === 'NOUN' && /^\p{Ll}/u.test(w.text));
        const cites = [
          full,
          ...(role.length && role.length < speaker.length ? [render(role, { headline: true, curly: story.curly })] : []),
        ];
        for (const cite of cites) {
          const body = fit(subject, reported, reportedOpts, HEADLINE_MAX - cite.length - says.length - 3);
          if (!body) continue;
          out.push(
            joined([
              { text: `${body.text},`, words: body.words },
              { text: `${cite} ${says}`, words: speaker },
            ]),
          );
          break;
        }
      }
    }
  }
  return out.map((h) => ({ ...h, text: capitalise(abbreviateStates(h.text, false)).replace(/[.;:,]+$/, '') }));
}

/**
 * Headline drafts in AP headline style, best first: the lead's main clause, then
 * its second clause, then the story's next facts.
 */
export function headlineDrafts(story: Story): Draft[] {
  const sentences = factSentences(story, 6);
  const drafts: Draft[] = [];
  for (const [n, s] of sentences.slice(0, 6).entries()) {
    for (const clause of parseClauses(s.text, s.start, story.surnames)) {
      const hs = clauseHeadlines(clause, story, n === 0);
      // the lead's variants all go in; later sentences offer their best
      // a later fact earns a headline only with some substance: five words or a figure
      for (const h of n === 0 ? hs : hs.slice(0, 2).filter((x) => x.text.split(' ').length >= 5 || /\d/.test(x.text)))
        if (h.text.split(' ').length >= 3) drafts.push({ text: h.text, from: h.words, source: s.index });
    }
  }
  return drafts;
}
