import { describe, expect, it } from 'vitest';
import { contactForm } from './contact';

const valid = {
  name: 'Ana',
  email: 'ana@news.example',
  subject: 'Trial question',
  message: 'Does the trial include team seats?',
};

const messagesOf = (value: unknown) =>
  Object.fromEntries((contactForm.safeParse(value).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('contact form', () => {
  it('accepts a valid message', () => {
    expect(contactForm.safeParse(valid).success).toBe(true);
  });

  it.each([
    ['name', 'A', 'Name must be at least 2 characters'],
    ['email', 'ana@', 'Please enter a valid email address'],
    ['subject', 'Help', 'Subject must be at least 5 characters'],
    ['message', 'Too short', 'Message must be at least 10 characters'],
  ])('rejects a short or bad %s with the spec message', (field, value, message) => {
    expect(messagesOf({ ...valid, [field]: value })).toEqual({ [field]: message });
  });

  it('does not count surrounding spaces towards the minimums', () => {
    expect(messagesOf({ ...valid, name: '  A  ' })).toEqual({ name: 'Name must be at least 2 characters' });
  });

  it('lowercases and trims the e-mail', () => {
    expect(contactForm.parse({ ...valid, email: ' Ana@News.EXAMPLE ' }).email).toBe('ana@news.example');
  });
});
