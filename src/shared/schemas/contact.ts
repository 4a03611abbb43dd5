import { z } from 'zod';
import { isOneLine, isPlainText } from '../control-characters';
import { MESSAGES, emailField } from './fields';

export const contactForm = z.object({
  name: z.string().trim().min(2, MESSAGES.nameMin).max(100, MESSAGES.tooLong).refine(isOneLine, MESSAGES.nameControl),
  email: emailField(MESSAGES.emailAddress),
  subject: z.string().trim().min(5, MESSAGES.subjectMin).max(200, MESSAGES.tooLong).refine(isOneLine, MESSAGES.subjectControl),
  message: z.string().trim().min(10, MESSAGES.messageMin).max(5000, MESSAGES.tooLong).refine(isPlainText, MESSAGES.messageControl),
});

export type ContactForm = z.infer<typeof contactForm>;
