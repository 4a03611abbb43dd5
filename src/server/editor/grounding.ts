import { analyze } from './analyze';
import { grammarCheckerState } from './harper/client';
import { findQuotes } from './text/quotes';
import type { Analysis } from './types';

/**
 * The findings summary a configured language model receives as grounding: the
 * engine's deterministic checks, so the model cites real problems instead of guessing.
 */
export function groundingSummary(text: string, analysis: Analysis, options: { grammarChecked?: boolean } = {}): string {
  const { findings, stats } = analysis;
  const quotes = findQuotes(text);
  const lines = [
    'Copydesk editorial engine: deterministic checks of the copy (AP style, grammar, clarity, quotes, context, vague reporting, legal wording).',
    `Stats: ${stats.words} words, ${stats.sentences} sentences, Flesch-Kincaid grade ${stats.readingGrade}.`,
  ];
  if (options.grammarChecked === false)
    lines.push('Spelling and grammar (harper.js) were not checked yet; do not claim the copy is free of spelling errors.');
  if (findings.length === 0) lines.push('Findings: none. Do not invent problems; comment on strengths and any judgment calls.');
  else {
    lines.push(`Findings (${findings.length}); cite the rule id when you advise on one:`);
    for (const f of findings) {
      const quoted = quotes.some((q) => f.start < q.contentEnd && f.end > q.contentStart);
      const fix = f.suggestion === null ? 'needs the writer' : f.suggestion === '' ? 'cut it' : `suggest "${f.suggestion}"`;
      lines.push(
        `- [${f.ruleId}] "${f.text}" (offset ${f.start}): ${f.message} ${fix}.${quoted ? ' Inside a quote: report only, never change the source’s words.' : ''} Rule: ${f.explanation}`,
      );
    }
  }
  lines.push('Never invent facts, names, numbers or quotes; keep every quotation exactly as written.');
  return lines.join('\n');
}

/** Analyses the copy and returns its grounding summary (does not wait for harper.js; says so when it is cold). */
export async function editorGrounding(text: string): Promise<string> {
  const grammarChecked = grammarCheckerState() === 'ready';
  const analysis = await analyze(text);
  return groundingSummary(text, analysis, { grammarChecked });
}
