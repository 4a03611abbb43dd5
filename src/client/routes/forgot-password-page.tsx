import { useMutation } from '@tanstack/react-query';
import { createLazyRoute, Link } from '@tanstack/react-router';
import { ArrowLeft, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { AuthShell } from '../components/auth-shell';
import { Button, buttonClasses } from '../components/button';
import { Field, Input } from '../components/form-field';
import { httpStatusOf, serverMessage } from '../lib/errors';
import { useForm } from '../lib/form';
import { zodResolverOnDemand } from '../lib/schema-on-demand';
import { toast } from '../lib/toast';
import { trpc } from '../lib/trpc';

export const forgotPasswordLazyRoute = createLazyRoute('/forgot-password')({ component: ForgotPasswordPage });

const forgotPasswordResolver = zodResolverOnDemand(() => import('~/shared/schemas/auth').then((m) => m.forgotPasswordInput));

function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm({
    resolver: forgotPasswordResolver,
    defaultValues: { email: '' },
  });
  const request = useMutation({
    ...trpc.auth.forgotPassword.mutationOptions(),
    onSuccess: (_data, { email }) => setSentTo(email),
    onError: (error) => {
      const message = serverMessage(error, 'An unexpected error occurred');
      if (httpStatusOf(error) === 429) setLimitMessage(message);
      toast({ title: 'Request failed', description: message, variant: 'destructive' });
    },
  });

  if (sentTo) {
    return (
      <AuthShell>
        <div className="text-center">
          <span className="mx-auto inline-flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
            <MailCheck aria-hidden="true" className="size-6" />
          </span>
          <h1 className="mt-4 text-2xl">Check Your Email</h1>
          <p className="mt-3 text-sm text-slate-600">
            If an account exists for <strong className="text-slate-900">{sentTo}</strong>, we have sent a link to reset your password. The
            link works for one hour.
          </p>
          <p className="mt-3 text-sm text-slate-500">Nothing arrived? Check your spam folder or try again.</p>
          <div className="mt-6 flex flex-col gap-2">
            <Link to="/auth" className={buttonClasses('primary', 'lg')}>
              Back to Login
            </Link>
            <Button variant="ghost" onClick={() => setSentTo(null)}>
              Use a different email
            </Button>
          </div>
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell>
      <h1 className="text-2xl">Forgot your password?</h1>
      <p className="mt-2 text-sm text-slate-600">Enter the email of your account and we will send you a link to choose a new one.</p>
      {limitMessage && (
        <p role="alert" className="mt-4 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {limitMessage}
        </p>
      )}
      <form
        noValidate
        className="mt-6 space-y-5"
        onFocus={forgotPasswordResolver.preload}
        onSubmit={(event) =>
          void handleSubmit((values) => {
            setLimitMessage(null);
            request.mutate(values);
          })(event)
        }
      >
        <Field label="Email" error={formState.errors.email}>
          {(control) => <Input {...control} {...register('email')} type="email" autoComplete="email" placeholder="you@newsroom.com" />}
        </Field>
        <Button type="submit" size="lg" className="w-full" loading={request.isPending}>
          Send reset link
        </Button>
      </form>
      <Link to="/auth" className="mt-6 inline-flex items-center gap-1.5 rounded text-sm font-medium text-slate-600 hover:text-slate-900">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Login
      </Link>
    </AuthShell>
  );
}
