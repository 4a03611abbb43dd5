import { describe, expect, it } from 'vitest';
import { messagesOf } from './form-messages';
import type { z } from 'zod';
import { adminCreateUserInput, adminListInput, adminUpdateUserInput, ownerChoicesInput } from './admin';
import {
  changePasswordForm,
  changePasswordInput,
  loginInput,
  registerForm,
  registerInput,
  resetPasswordForm,
  resetPasswordInput,
} from './auth';
import { createConversationInput, searchConversationsInput, sendMessageInput } from './chat';
import { contactForm } from './contact';
import { createSubscriptionInput, validatePromoInput } from './subscription';
import { createTeamInput, declineInvitationInput, invitationTokenInput } from './team';

/** NUL (which PostgreSQL cannot store), other C0 controls, DEL and a C1 control, each inside otherwise good text. */
const CONTROLS = ['\u0000', '\u0001', '\u0007', '\u000b', '\u000c', '\u001b', '\u007f', '\u0085', '\u009f'];
/** Typed on one line, these are still refused. */
const LINE_BREAKS_AND_TABS = ['\t', '\n', '\r'];

const inside = (text: string, control: string) => `${text.slice(0, 2)}${control}${text.slice(2)}`;

interface OneLineField {
  schema: z.ZodType;
  valid: Record<string, unknown>;
  field: string;
  message: string;
}

const PASSWORD = 'deadline-7!';
const oneLineFields: OneLineField[] = [
  {
    schema: registerInput,
    valid: { username: 'mariana', email: 'm@news.example', password: PASSWORD },
    field: 'username',
    message: 'A username cannot contain tabs, line breaks or other control characters',
  },
  {
    schema: registerInput,
    valid: { username: 'mariana', email: 'm@news.example', password: PASSWORD },
    field: 'password',
    message: 'A password cannot contain tabs, line breaks or other control characters',
  },
  {
    schema: registerForm,
    valid: { username: 'mariana', email: 'm@news.example', password: PASSWORD, confirmPassword: PASSWORD },
    field: 'username',
    message: 'A username cannot contain tabs, line breaks or other control characters',
  },
  {
    schema: changePasswordInput,
    valid: { currentPassword: PASSWORD, newPassword: 'deadline-8!' },
    field: 'newPassword',
    message: 'A password cannot contain tabs, line breaks or other control characters',
  },
  {
    schema: resetPasswordInput,
    valid: { token: 'abcdef', newPassword: 'deadline-8!' },
    field: 'newPassword',
    message: 'A password cannot contain tabs, line breaks or other control characters',
  },
  { schema: resetPasswordInput, valid: { token: 'abcdef', newPassword: 'deadline-8!' }, field: 'token', message: 'Invalid reset token' },
  {
    schema: createConversationInput,
    valid: { title: 'Council budget' },
    field: 'title',
    message: 'A title cannot contain tabs, line breaks or other control characters',
  },
  {
    schema: searchConversationsInput,
    valid: { query: 'budget' },
    field: 'query',
    message: 'A search cannot contain tabs, line breaks or other control characters',
  },
  {
    schema: createTeamInput,
    valid: { name: 'Metro Desk' },
    field: 'name',
    message: 'A team name cannot contain tabs, line breaks or other control characters',
  },
  { schema: invitationTokenInput, valid: { token: 'abcdef' }, field: 'token', message: 'Invalid invitation token' },
  { schema: declineInvitationInput, valid: { idOrToken: 'abcdef' }, field: 'idOrToken', message: 'Invalid invitation token' },
  {
    schema: validatePromoInput,
    valid: { promoCode: 'SPRING' },
    field: 'promoCode',
    message: 'A promo code cannot contain tabs, line breaks or other control characters',
  },
  {
    schema: createSubscriptionInput,
    valid: { promoCode: 'SPRING' },
    field: 'promoCode',
    message: 'A promo code cannot contain tabs, line breaks or other control characters',
  },
  {
    schema: adminCreateUserInput,
    valid: { username: 'tomas', email: 't@news.example', password: PASSWORD, subscriptionPlan: 'Professional' },
    field: 'username',
    message: 'A username cannot contain tabs, line breaks or other control characters',
  },
  {
    schema: adminCreateUserInput,
    valid: { username: 'tomas', email: 't@news.example', password: PASSWORD, subscriptionPlan: 'Professional' },
    field: 'password',
    message: 'A password cannot contain tabs, line breaks or other control characters',
  },
  {
    schema: adminUpdateUserInput,
    valid: { id: 7, username: 'tomas', email: 't@news.example', subscriptionPlan: 'Professional' },
    field: 'subscriptionPlan',
    message: 'A plan name cannot contain tabs, line breaks or other control characters',
  },
  {
    schema: adminListInput,
    valid: { search: 'tomas' },
    field: 'search',
    message: 'A search cannot contain tabs, line breaks or other control characters',
  },
  {
    schema: ownerChoicesInput,
    valid: { search: 'tomas' },
    field: 'search',
    message: 'A search cannot contain tabs, line breaks or other control characters',
  },
  {
    schema: contactForm,
    valid: { name: 'Mariana', email: 'm@news.example', subject: 'Pricing', message: 'How much for ten seats?' },
    field: 'name',
    message: 'A name cannot contain tabs, line breaks or other control characters',
  },
  {
    schema: contactForm,
    valid: { name: 'Mariana', email: 'm@news.example', subject: 'Pricing', message: 'How much for ten seats?' },
    field: 'subject',
    message: 'A subject cannot contain tabs, line breaks or other control characters',
  },
];

describe('one-line fields refuse control characters, tabs and line breaks with a message of their own', () => {
  for (const { schema, valid, field, message } of oneLineFields) {
    it(`${field} of ${Object.keys(valid).join(', ')}`, () => {
      expect(schema.safeParse(valid).success).toBe(true);
      for (const control of [...CONTROLS, ...LINE_BREAKS_AND_TABS]) {
        const value = inside(String(valid[field]), control);
        expect(messagesOf(schema, { ...valid, [field]: value }), JSON.stringify(value)).toEqual({ [field]: [message] });
      }
    });
  }

  it('an e-mail holding one is not a valid e-mail (the spec message)', () => {
    for (const control of CONTROLS)
      expect(messagesOf(loginInput, { email: `ma${control}riana@news.example`, password: PASSWORD })).toEqual({
        email: ['Please enter a valid email'],
      });
  });

  it('a password given to sign in is checked against the stored one as typed, whatever it holds', () => {
    expect(loginInput.safeParse({ email: 'm@news.example', password: `dead\u0000line-7!` }).success).toBe(true);
    expect(changePasswordInput.safeParse({ currentPassword: 'dead\tline', newPassword: 'deadline-8!' }).success).toBe(true);
  });

  it("keeps the spec's messages for the spec's rules", () => {
    const registration = { username: 'ab', email: 'm@news.example', password: PASSWORD, confirmPassword: PASSWORD };
    expect(messagesOf(registerForm, registration)).toEqual({ username: ['Username must be at least 3 characters'] });
    expect(messagesOf(registerForm, { ...registration, username: 'mariana', password: 'short!1', confirmPassword: 'short!1' })).toEqual({
      password: ['Password must be at least 8 characters'],
    });
    expect(messagesOf(changePasswordForm, { currentPassword: '', newPassword: '12345', confirmPassword: '' })).toEqual({
      currentPassword: ['Current password is required'],
      newPassword: ['Password must be at least 6 characters'],
      confirmPassword: ['Please confirm your password', "Passwords don't match"],
    });
    expect(messagesOf(resetPasswordForm, { newPassword: '123456', confirmPassword: '123457' })).toEqual({
      confirmPassword: ["Passwords don't match"],
    });
    expect(messagesOf(createTeamInput, { name: 'M' })).toEqual({ name: ['Team name must be at least 2 characters'] });
    expect(messagesOf(contactForm, { name: 'M', email: 'x', subject: 'Hi', message: 'Short' })).toEqual({
      name: ['Name must be at least 2 characters'],
      email: ['Please enter a valid email address'],
      subject: ['Subject must be at least 5 characters'],
      message: ['Message must be at least 10 characters'],
    });
  });
});

describe('text of several lines keeps tabs and line breaks and refuses the other control characters', () => {
  const send = { conversationId: 1, content: 'Tighten this lede, please.' };
  const contact = { name: 'Mariana', email: 'm@news.example', subject: 'Pricing', message: 'How much for ten seats?' };

  it('a message to the assistant', () => {
    expect(sendMessageInput.safeParse({ ...send, content: 'Line one\n\tindented\r\nline two' }).success).toBe(true);
    for (const control of CONTROLS.filter((c) => c < '\u007f'))
      expect(messagesOf(sendMessageInput, { ...send, content: inside(send.content, control) }), JSON.stringify(control)).toEqual({
        content: ['A message cannot contain control characters other than tabs and line breaks'],
      });
  });

  it('the contact form message', () => {
    expect(contactForm.safeParse({ ...contact, message: 'Line one\n\tline two' }).success).toBe(true);
    expect(messagesOf(contactForm, { ...contact, message: inside(contact.message, '\u0000') })).toEqual({
      message: ['A message cannot contain control characters other than tabs and line breaks'],
    });
  });
});
