import { describe, expect, it } from 'vitest';
import { messageFtsQuery } from '../../sqlite/conversation-search';
import { searchTerms } from './search';
import { titleFromMessage } from './title';
import { quickActionMessage, quickActionPrompt } from '../../../shared/quick-actions';

describe('titles from a first message', () => {
  it('keeps a short message whole, on one line, without Markdown marks', () => {
    expect(titleFromMessage('## Budget *story*\n\n> draft')).toBe('Budget story draft');
  });

  it('cuts a long message at a word within 60 characters and marks the cut', () => {
    const title = titleFromMessage('Please tighten this paragraph about the harbour authority and its new ferry timetable');
    expect(title).toBe('Please tighten this paragraph about the harbour authority…');
    expect(title.length).toBeLessThanOrEqual(60);
  });

  it('cuts one endless word at 59 characters', () => {
    expect(titleFromMessage('x'.repeat(200))).toBe(`${'x'.repeat(59)}…`);
  });

  it('names a quick action on pasted copy after the copy, not the numbered prompt', () => {
    const prompt = quickActionPrompt('concise', {
      hasMessages: false,
      copy: 'The Velden County Board approved the budget Tuesday after a two-hour debate.',
    });
    expect(titleFromMessage(prompt)).toBe('The Velden County Board approved the budget Tuesday after…');
  });

  it('names a quick action with no copy of its own after the action', () => {
    expect(titleFromMessage(quickActionPrompt('simplify', { hasMessages: true }))).toBe('Simplify the language');
  });

  it('names a quick action sent by its name after the copy it carries, or after the action', () => {
    const copy = 'The Velden County Board approved the budget Tuesday after a two-hour debate.';
    expect(titleFromMessage(quickActionMessage('concise', copy))).toBe('The Velden County Board approved the budget Tuesday after…');
    expect(titleFromMessage(quickActionMessage('readability'))).toBe('Enhance readability');
  });

  it('gives nothing for a message of marks only, so the default title stays', () => {
    expect(titleFromMessage('### ***')).toBe('');
  });
});

describe('search queries', () => {
  it('keeps only words, so nothing typed becomes search syntax', () => {
    expect(searchTerms('council budg')).toEqual(['council', 'budg']);
    expect(searchTerms('NEAR("a" OR b*)')).toEqual(['NEAR', 'a', 'OR', 'b']);
    expect(searchTerms('Zürich café')).toEqual(['Zürich', 'café']);
    expect(searchTerms('  "" * ')).toBeNull();
  });

  it('quotes every word for FTS5 and makes the last a prefix', () => {
    expect(messageFtsQuery(['council', 'budg'])).toBe('"council" "budg"*');
    expect(messageFtsQuery(['NEAR', 'a', 'OR', 'b'])).toBe('"NEAR" "a" "OR" "b"*');
  });
});
