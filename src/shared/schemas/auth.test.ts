import { describe, expect, it } from 'vitest';
import { messagesOf } from './form-messages';
import {
  changePasswordForm,
  changePasswordInput,
  forgotPasswordInput,
  loginInput,
  registerForm,
  registerInput,
  resetPasswordForm,
  resetPasswordInput,
} from './auth';

const validRegistration = { username: 'mariana', email: 'mariana@news.example', password: 'deadline-7', confirmPassword: 'deadline-7' };

describe('login form', () => {
  it('accepts an e-mail and a password of 6 characters, remember-me optional', () => {
    expect(loginInput.safeParse({ email: 'a@b.co', password: '123456' }).success).toBe(true);
    expect(loginInput.safeParse({ email: 'a@b.co', password: '123456', rememberMe: true }).success).toBe(true);
  });

  it('rejects a bad e-mail with the spec message', () => {
    expect(messagesOf(loginInput, { email: 'not-an-email', password: '123456' })).toEqual({ email: ['Please enter a valid email'] });
    expect(messagesOf(loginInput, { email: '', password: '123456' })).toEqual({ email: ['Please enter a valid email'] });
  });

  it('rejects a password under 6 characters with the spec message', () => {
    expect(messagesOf(loginInput, { email: 'a@b.co', password: '12345' })).toEqual({
      password: ['Password must be at least 6 characters'],
    });
  });

  it('takes remember-me only as a boolean', () => {
    expect(Object.keys(messagesOf(loginInput, { email: 'a@b.co', password: '123456', rememberMe: 'yes' }))).toEqual(['rememberMe']);
  });

  it('trims and lowercases the e-mail', () => {
    expect(loginInput.parse({ email: '  Reporter@News.EXAMPLE ', password: '123456' }).email).toBe('reporter@news.example');
  });
});

describe('register form', () => {
  it('accepts a valid registration', () => {
    expect(registerForm.safeParse(validRegistration).success).toBe(true);
  });

  it('needs a username of at least 3 characters, after trimming', () => {
    expect(messagesOf(registerForm, { ...validRegistration, username: 'ab' })).toEqual({
      username: ['Username must be at least 3 characters'],
    });
    expect(messagesOf(registerForm, { ...validRegistration, username: '  ab  ' })).toEqual({
      username: ['Username must be at least 3 characters'],
    });
  });

  it('needs a valid e-mail', () => {
    expect(messagesOf(registerForm, { ...validRegistration, email: 'mariana@' })).toEqual({ email: ['Please enter a valid email'] });
  });

  it('needs a password of 8 with a number and a symbol, each with its own message', () => {
    expect(messagesOf(registerInput, { ...validRegistration, password: 'ab-1' }).password).toContain(
      'Password must be at least 8 characters',
    );
    expect(messagesOf(registerInput, { ...validRegistration, password: 'deadline-x' })).toEqual({
      password: ['Password must contain at least one number'],
    });
    expect(messagesOf(registerInput, { ...validRegistration, password: 'deadline77' })).toEqual({
      password: ['Password must contain at least one symbol'],
    });
  });

  it('says "Passwords do not match" on the confirmation field', () => {
    expect(messagesOf(registerForm, { ...validRegistration, confirmPassword: 'deadline-8' })).toEqual({
      confirmPassword: ['Passwords do not match'],
    });
  });

  it('lowercases and trims the e-mail before it is sent', () => {
    expect(registerInput.parse({ ...validRegistration, email: ' Mariana@News.Example ' }).email).toBe('mariana@news.example');
  });

  it('sends no confirmation to the server', () => {
    expect(registerInput.parse(validRegistration)).not.toHaveProperty('confirmPassword');
  });
});

describe('change password form', () => {
  const valid = { currentPassword: 'old-pass', newPassword: 'new-pass', confirmPassword: 'new-pass' };

  it('accepts a valid change', () => {
    expect(changePasswordForm.safeParse(valid).success).toBe(true);
  });

  it('requires the current password', () => {
    expect(messagesOf(changePasswordForm, { ...valid, currentPassword: '' })).toEqual({
      currentPassword: ['Current password is required'],
    });
  });

  it('needs a new password of at least 6 characters', () => {
    expect(messagesOf(changePasswordForm, { ...valid, newPassword: 'short', confirmPassword: 'short' })).toEqual({
      newPassword: ['Password must be at least 6 characters'],
    });
  });

  it('requires the confirmation', () => {
    expect(messagesOf(changePasswordForm, { ...valid, confirmPassword: '' }).confirmPassword).toContain('Please confirm your password');
  });

  it(`says "Passwords don't match" on the confirmation field`, () => {
    expect(messagesOf(changePasswordForm, { ...valid, confirmPassword: 'new-pasS' })).toEqual({
      confirmPassword: ["Passwords don't match"],
    });
  });

  it('applies the same rules on the server input', () => {
    expect(messagesOf(changePasswordInput, { currentPassword: '', newPassword: 'short' })).toEqual({
      currentPassword: ['Current password is required'],
      newPassword: ['Password must be at least 6 characters'],
    });
  });
});

describe('reset password form', () => {
  it('needs a new password of at least 6 characters', () => {
    expect(messagesOf(resetPasswordForm, { newPassword: 'short', confirmPassword: 'short' })).toEqual({
      newPassword: ['Password must be at least 6 characters'],
    });
  });

  it('needs the confirmation to match', () => {
    expect(messagesOf(resetPasswordForm, { newPassword: 'long-enough', confirmPassword: 'long-enougH' })).toEqual({
      confirmPassword: ["Passwords don't match"],
    });
    expect(resetPasswordForm.safeParse({ newPassword: 'long-enough', confirmPassword: 'long-enough' }).success).toBe(true);
  });

  it('on the server needs a token and a new password of at least 6', () => {
    expect(messagesOf(resetPasswordInput, { token: '', newPassword: 'short' })).toEqual({
      token: ['Invalid reset token'],
      newPassword: ['Password must be at least 6 characters'],
    });
  });
});

describe('forgot password form', () => {
  it('needs a valid e-mail', () => {
    expect(messagesOf(forgotPasswordInput, { email: 'nobody' })).toEqual({ email: ['Please enter a valid email'] });
  });

  it('lowercases and trims the e-mail', () => {
    expect(forgotPasswordInput.parse({ email: '\tEditor@Desk.Example  ' }).email).toBe('editor@desk.example');
  });
});
