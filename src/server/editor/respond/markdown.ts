import type { Category, Edit, Finding, Stats } from '../types';

export const CATEGORY_LABELS: Record<Category, string> = {
  legal: 'Legal risk',
  grammar: 'Grammar and spelling',
  style: 'News style (AP)',
  quote: 'Quotes',
  context: 'Missing context',
  vague: 'Vague reporting',
  clarity: 'Clarity',
};
export const CATEGORY_ORDER: Category[] = ['legal', 'grammar', 'style', 'quote', 'context', 'vague', 'clarity'];

const clip = (s: string, n = 90) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);
/** Inline text that cannot break the surrounding Markdown. */
export const inline = (s: string) => clip(s.replace(/\s+/g, ' ')).replace(/([*_`[\]<>|])/g, '\\$1');

export function statsLine(stats: Stats): string {
  return `${stats.words} words · ${stats.sentences} ${stats.sentences === 1 ? 'sentence' : 'sentences'} · reading grade ${stats.readingGrade}`;
}

export function findingLine(f: Finding, inQuote: boolean): string {
  const change =
    f.suggestion === null
      ? `**“${inline(f.text)}”**`
      : f.suggestion === ''
        ? `**“${inline(f.text)}”** → cut`
        : `**“${inline(f.text)}”** → **“${inline(f.suggestion)}”**`;
  const quoteNote = inQuote ? ' _(inside a quote: reported, not changed)_' : '';
  return `- ${change}: ${inline(f.message)}${quoteNote}\n  _Why:_ ${f.explanation} (\`${f.ruleId}\`)`;
}

export function groupedFindings(findings: readonly Finding[], inQuote: (f: Finding) => boolean, perCategory = 10): string[] {
  const out: string[] = [];
  for (const c of CATEGORY_ORDER) {
    const group = findings.filter((f) => f.category === c);
    if (!group.length) continue;
    out.push(`**${CATEGORY_LABELS[c]}** (${group.length})`);
    for (const f of group.slice(0, perCategory)) out.push(findingLine(f, inQuote(f)));
    if (group.length > perCategory) out.push(`- …and ${group.length - perCategory} more of the same kind.`);
    out.push('');
  }
  return out;
}

export function editLines(edits: readonly Edit[], limit = 25): string[] {
  const out = edits.slice(0, limit).map((e, i) => {
    const after = e.after === '' ? 'cut' : `“${inline(e.after)}”`;
    return `${i + 1}. “${inline(e.before)}” → ${after}: ${e.explanation} (\`${e.ruleId}\`)`;
  });
  if (edits.length > limit) out.push(`…and ${edits.length - limit} more edits of the same kinds.`);
  return out;
}
