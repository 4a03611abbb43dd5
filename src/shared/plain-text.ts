/**
 * A reply's Markdown as the words a reader sees, one string per line of the
 * source: no heading marks, list marks, emphasis, code ticks, link syntax or
 * table rules. Lines left empty are dropped.
 */
export function plainTextLines(markdown: string): string[] {
  // An escaped mark ("\*") is a literal character: hide it from the emphasis rule, then restore it.
  const ESC = '\uE000';
  return (
    markdown
      .replace(/\\([\\`*_{}[\]()#+\-.!|<>~])/g, `${ESC}$1`)
      .replace(/```[a-z]*\n?/gi, '')
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/^\s{0,3}#{1,6}\s+/gm, '')
      .replace(/^\s*>\s?/gm, '')
      .replace(/^\s*(?:[-*+]|\d+[.)])\s+/gm, '')
      .replace(/(?<![\uE000\w])(\*\*|__|\*|_|~~|`)(?=\S)([^\uE000]*?[^\s\uE000])\1(?!\w)/g, '$2')
      // a mark whose partner is missing (an excerpt that starts or ends inside **bold**) is not text either
      .replace(/(?<![\p{L}\p{N}\uE000])(?:\*\*|__|~~|\*|_|`)(?=[\p{L}\p{N}“"‘'(])/gu, '')
      .replace(/(?<=[\p{L}\p{N}.,;:!?”"’')])(?:\*\*|__|~~|\*|_|`)(?![\p{L}\p{N}])/gu, '')
      .replaceAll(ESC, '')
      .split('\n')
      .map((line) => line.replace(/\s+/g, ' ').trim())
      .filter((line) => line !== '')
  );
}

/** A reply's Markdown as the words a reader sees, on one line. */
export function plainText(markdown: string): string {
  return plainTextLines(markdown).join(' ');
}
