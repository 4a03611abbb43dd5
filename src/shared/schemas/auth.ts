import { z } from 'zod';
import { isOneLine } from '../control-characters';
import { LIMITS } from '../limits';
import { VERIFICATION_MESSAGES } from '../verification';
import { MESSAGES, emailField, newPasswordField, passwordField, registerPasswordField, usernameField } from './fields';

export const loginInput = z.object({
  email: emailField(),
  password: passwordField(),
  rememberMe: z.boolean().optional(),
});

export const registerInput = z.object({
  username: usernameField(),
  email: emailField(),
  password: registerPasswordField,
});

export const registerForm = registerInput.extend({ confirmPassword: z.string() }).refine((v) => v.password === v.confirmPassword, {
  message: MESSAGES.passwordsDoNotMatch,
  path: ['confirmPassword'],
});

export const changePasswordInput = z.object({
  currentPassword: z.string().min(1, MESSAGES.currentPasswordRequired).max(LIMITS.passwordMax, MESSAGES.tooLong),
  newPassword: newPasswordField(),
});

export const changePasswordForm = changePasswordInput
  .extend({ confirmPassword: z.string().min(1, MESSAGES.confirmPasswordRequired) })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });

export const forgotPasswordInput = z.object({ email: emailField() });

export const resetPasswordInput = z.object({
  token: z.string().min(1, 'Invalid reset token').max(200, 'Invalid reset token').refine(isOneLine, 'Invalid reset token'),
  newPassword: newPasswordField(),
});

export { VERIFICATION_MESSAGES };

export const verifyEmailInput = z.object({
  token: z
    .string()
    .min(1, VERIFICATION_MESSAGES.invalidToken)
    .max(200, VERIFICATION_MESSAGES.invalidToken)
    .refine(isOneLine, VERIFICATION_MESSAGES.invalidToken),
});

export const resetPasswordForm = z
  .object({
    newPassword: newPasswordField(),
    confirmPassword: z.string().min(1, MESSAGES.confirmPasswordRequired),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });

export type LoginInput = z.infer<typeof loginInput>;
export type RegisterInput = z.infer<typeof registerInput>;
export type RegisterForm = z.infer<typeof registerForm>;
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;
export type ChangePasswordForm = z.infer<typeof changePasswordForm>;
export type ResetPasswordForm = z.infer<typeof resetPasswordForm>;
