import { useMutation } from '@tanstack/react-query';
import { serverMessage } from './errors';
import { toast } from './toast';
import { trpc } from './trpc';

/** Mails the signed-in account a new verification link, saying so in a toast. */
export function useResendVerification() {
  return useMutation({
    ...trpc.auth.resendVerification.mutationOptions(),
    onSuccess: ({ message }) => toast({ title: 'Verification email sent', description: message, variant: 'success' }),
    onError: (error) =>
      toast({ title: 'Failed to send verification email', description: serverMessage(error, 'Please try again'), variant: 'destructive' }),
  });
}
