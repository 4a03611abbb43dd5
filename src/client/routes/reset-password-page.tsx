import { useMutation } from '@tanstack/react-query';
import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { AuthDone, AuthShell } from '../components/auth-shell';
import { Button } from '../components/button';
import { Field, PasswordInput } from '../components/form-field';
import { serverMessage } from '../lib/errors';
import { useForm } from '../lib/form';
import { zodResolverOnDemand } from '../lib/schema-on-demand';
import { toast } from '../lib/toast';
import { trpc } from '../lib/trpc';

export const resetPasswordLazyRoute = createLazyRoute('/reset-password')({ component: ResetPasswordPage });

const routeApi = getRouteApi('/reset-password');

const resetPasswordResolver = zodResolverOnDemand(() => import('~/shared/schemas/auth').then((m) => m.resetPasswordForm));

function withSentenceEnd(text: string) {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

function ResetPasswordPage() {
  const { token } = routeApi.useSearch();
  const [done, setDone] = useState(false);
  const { register, handleSubmit, formState } = useForm({
    resolver: resetPasswordResolver,
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const reset = useMutation({
    ...trpc.auth.resetPassword.mutationOptions(),
    onSuccess: () => setDone(true),
    onError: (error) => {
      const message = serverMessage(error, 'The password could not be reset');
      toast({
        title: 'Reset Failed',
        description: `${withSentenceEnd(message)} The link may have expired; request a new one.`,
        variant: 'destructive',
      });
    },
  });

  if (done) {
    return (
      <AuthDone title="Password Updated" next={{ to: '/auth', label: 'Continue to Login' }}>
        Your password has been changed. Log in with your new password.
      </AuthDone>
    );
  }

  return (
    <AuthShell>
      <h1 className="text-2xl">Choose a new password</h1>
      <p className="mt-2 text-sm text-slate-600">Enter a new password for your account. Every device signed in to it will be signed out.</p>
      <form
        noValidate
        className="mt-6 space-y-5"
        onFocus={resetPasswordResolver.preload}
        onSubmit={(event) => void handleSubmit(({ newPassword }) => reset.mutate({ token: token ?? '', newPassword }))(event)}
      >
        <Field label="New Password" error={formState.errors.newPassword} hint="At least 6 characters.">
          {(control) => <PasswordInput {...control} {...register('newPassword')} autoComplete="new-password" />}
        </Field>
        <Field label="Confirm Password" error={formState.errors.confirmPassword}>
          {(control) => <PasswordInput {...control} {...register('confirmPassword')} autoComplete="new-password" />}
        </Field>
        <Button type="submit" size="lg" className="w-full" loading={reset.isPending}>
          Update Password
        </Button>
      </form>
    </AuthShell>
  );
}
