import { describe, expect, it } from 'vitest';
import { quickActionMessage, quickActionPrompt } from '~/shared/quick-actions';
import { copyInUserMessage, revisedTextIn, revisionAt, withSectionText, wordDiff } from './revision';

const COPY = 'The council voted on Tuesday in order to approve the budget.\n\nResidents were not consulted, critics say.';
const REPLY = [
  '## Revised: more concise',
  '',
  '1 edit; quotations are left exactly as the source said them.',
  '',
  '### Revised text',
  '',
  'The council voted on Tuesday to approve the budget.',
  '',
  'Residents were not consulted, critics say.',
  '',
  '### Edits explained',
  '1. “in order to” → “to”: shorter form.',
].join('\n');

describe('revisedTextIn', () => {
  it('reads every paragraph of the revised text up to the next section', () => {
    expect(revisedTextIn(REPLY)).toBe('The council voted on Tuesday to approve the budget.\n\nResidents were not consulted, critics say.');
    expect(revisedTextIn('## Editor’s review\n\nNothing to fix.')).toBeNull();
  });
});

describe('copyInUserMessage', () => {
  it('drops a quick action’s name and keeps the copy after it', () => {
    expect(copyInUserMessage(quickActionMessage('concise', COPY))).toBe(COPY);
    expect(copyInUserMessage(quickActionMessage('grammar'))).toBe('');
  });

  it('drops a quick action prompt and keeps the copy after it', () => {
    expect(copyInUserMessage(quickActionPrompt('concise', { hasMessages: false, copy: COPY }))).toBe(COPY);
    expect(copyInUserMessage(quickActionPrompt('grammar', { hasMessages: true }))).toBe('');
  });

  it('drops a request line before the copy', () => {
    expect(copyInUserMessage(`Please tighten this story:\n\n${COPY}`)).toBe(COPY);
    expect(copyInUserMessage(`Tighten this: ${COPY.split('\n')[0]}`)).toBe('The council voted on Tuesday in order to approve the budget.');
    expect(copyInUserMessage('Can you write headlines?')).toBe('');
    expect(copyInUserMessage(COPY)).toBe(COPY);
  });
});

describe('revisionAt', () => {
  it('pairs a reply’s revised text with the copy the user sent', () => {
    const messages = [
      { role: 'user' as const, content: COPY },
      { role: 'assistant' as const, content: REPLY },
    ];
    const revision = revisionAt(messages, 1);
    expect(revision?.before).toBe(COPY);
    expect(revision?.after).toContain('on Tuesday to approve');
    expect(revision?.explanations).toContain('in order to');
    expect(revisionAt(messages, 0)).toBeNull();
  });

  it('compares against the previous revision when the user only asked for another pass', () => {
    const second = REPLY.replace('on Tuesday to approve', 'Tuesday to approve');
    const messages = [
      { role: 'user' as const, content: COPY },
      { role: 'assistant' as const, content: REPLY },
      { role: 'user' as const, content: quickActionPrompt('grammar', { hasMessages: true }) },
      { role: 'assistant' as const, content: second },
    ];
    expect(revisionAt(messages, 3)?.before).toContain('on Tuesday to approve');
  });

  it('offers nothing for a reply about an uploaded document', () => {
    const messages = [
      { role: 'user' as const, content: 'Make it more concise.' },
      { role: 'assistant' as const, content: `## Revised\n\nWorking on **story.txt**.\n\n${REPLY}` },
    ];
    expect(revisionAt(messages, 1)).toBeNull();
  });
});

describe('wordDiff', () => {
  it('marks removed words on the left, added words on the right, and lists each change', () => {
    const d = wordDiff('voted in order to approve it', 'voted to approve it now');
    expect(d.before.filter((p) => p.kind === 'removed').map((p) => p.text.trim())).toEqual(['in order']);
    expect(d.after.filter((p) => p.kind === 'added').map((p) => p.text.trim())).toEqual(['now']);
    expect(d.before.map((p) => p.text).join('')).toBe('voted in order to approve it');
    expect(d.after.map((p) => p.text).join('')).toBe('voted to approve it now');
    expect(d.changes).toEqual([
      { removed: 'in order', added: '' },
      { removed: '', added: 'now' },
    ]);
  });
});

describe('withSectionText', () => {
  it('replaces the revised text and keeps the sections after it', () => {
    const shown = withSectionText(REPLY, 'Revised text', 'The council voted on Tuesday in order to approve the budget.');
    expect(revisedTextIn(shown)).toBe('The council voted on Tuesday in order to approve the budget.');
    expect(shown.startsWith('## Revised: more concise\n')).toBe(true);
    expect(shown.endsWith('### Edits explained\n1. “in order to” → “to”: shorter form.')).toBe(true);
    expect(withSectionText('## Editor’s review\n\nNothing to fix.', 'Revised text', 'x')).toBe('## Editor’s review\n\nNothing to fix.');
  });

  it('quotes the new text when the section was quoted', () => {
    const quoted = '### Revised text\n\n> First line.\n>\n> Second line.';
    expect(withSectionText(quoted, 'Revised text', 'One.\n\nTwo.')).toBe('### Revised text\n\n> One.\n>\n> Two.');
  });
});
