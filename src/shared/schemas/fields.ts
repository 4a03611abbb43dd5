import { z } from 'zod';
import { isOneLine, oneLineMessage, plainTextMessage } from '../control-characters';
import { LIMITS } from '../limits';

export const MESSAGES = {
  email: 'Please enter a valid email',
  emailAddress: 'Please enter a valid email address',
  loginPasswordMin: 'Password must be at least 6 characters',
  usernameMin: 'Username must be at least 3 characters',
  adminUsernameMin: 'Username must be at least 2 characters',
  registerPasswordMin: 'Password must be at least 8 characters',
  passwordNumber: 'Password must contain at least one number',
  passwordSymbol: 'Password must contain at least one symbol',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordsDontMatch: "Passwords don't match",
  currentPasswordRequired: 'Current password is required',
  confirmPasswordRequired: 'Please confirm your password',
  nameMin: 'Name must be at least 2 characters',
  subjectMin: 'Subject must be at least 5 characters',
  messageMin: 'Message must be at least 10 characters',
  tooLong: 'Too long',
  required: 'Required',
  usernameControl: oneLineMessage('A username'),
  passwordControl: oneLineMessage('A password'),
  nameControl: oneLineMessage('A name'),
  subjectControl: oneLineMessage('A subject'),
  messageControl: plainTextMessage('A message'),
} as const;

/** A valid e-mail, trimmed and lowercased before it is checked and sent. */
export const emailField = (message: string = MESSAGES.email) =>
  z.string().trim().toLowerCase().max(LIMITS.emailMax, MESSAGES.tooLong).email(message);

/** A password to check against the one stored: anything the account may have been given is tried. */
export const passwordField = (min: number = LIMITS.passwordMin, message: string = MESSAGES.loginPasswordMin) =>
  z.string().min(min, message).max(LIMITS.passwordMax, MESSAGES.tooLong);

/** A password being chosen: one line, so every sign-in form can send it back. */
export const newPasswordField = (min: number = LIMITS.passwordMin, message: string = MESSAGES.loginPasswordMin) =>
  passwordField(min, message).refine(isOneLine, MESSAGES.passwordControl);

export const registerPasswordField = newPasswordField(LIMITS.registerPasswordMin, MESSAGES.registerPasswordMin)
  .regex(/[0-9]/, MESSAGES.passwordNumber)
  .regex(/[^A-Za-z0-9]/, MESSAGES.passwordSymbol);

export const usernameField = (min: number = LIMITS.usernameMin, message: string = MESSAGES.usernameMin) =>
  z.string().trim().min(min, message).max(LIMITS.usernameMax, MESSAGES.tooLong).refine(isOneLine, MESSAGES.usernameControl);

/** The largest row id: PostgreSQL's `integer`, which a larger number cannot even be compared with. */
export const ROW_ID_MAX = 2_147_483_647;

/** A row id in a path or a body: path parameters arrive as strings over REST, numbers over tRPC. */
export const idField = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(ROW_ID_MAX, message);
