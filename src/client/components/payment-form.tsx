import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Appearance, Stripe, StripePaymentElementOptions } from '@stripe/stripe-js';
// The pure entry loads Stripe.js only when asked, so pages without a payment form never contact Stripe.
import { loadStripe } from '@stripe/stripe-js/pure';
import { useNavigate } from '@tanstack/react-router';
import { CircleAlert, Lock } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { paymentErrorMessage, PAYMENT_MESSAGES } from '~/shared/payment-messages';
import type { Theme } from '~/shared/theme';
import { cn } from '../lib/cn';
import { confirmKindFor, successReturnUrl, successSearchFor } from '../lib/payment-confirm';
import { useTheme } from '../lib/theme';
import { Button } from './button';
import { Spinner } from './spinner';

const stripeByKey = new Map<string, Promise<Stripe | null>>();

/** One Stripe.js per publishable key; a failed load answers null (the form then says it is not ready). */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).catch((error: unknown) => {
      console.error('Stripe.js failed to load', error);
      stripeByKey.delete(publishableKey);
      return null;
    });
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

const FONT_FAMILY = 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** Stripe draws its fields in a frame of its own, out of reach of the page's CSS: its colours follow the theme here. */
const APPEARANCE: Record<Theme, Appearance> = {
  light: {
    theme: 'stripe',
    variables: { colorPrimary: '#4f46e5', colorText: '#0f172a', colorDanger: '#dc2626', borderRadius: '8px', fontFamily: FONT_FAMILY },
  },
  dark: {
    theme: 'night',
    variables: {
      colorPrimary: '#96a2fc',
      colorBackground: '#141924',
      colorText: '#eff2f7',
      colorDanger: '#f97676',
      borderRadius: '8px',
      fontFamily: FONT_FAMILY,
    },
  },
};

const ELEMENT_OPTIONS: StripePaymentElementOptions = {
  layout: 'tabs',
  wallets: { applePay: 'never', googlePay: 'never' },
};

export interface PaymentFormProps {
  publishableKey: string | null;
  clientSecret: string | null;
  /**
   * Set for a payment that is not the user's own plan (a team's, settled by
   * the provider's webhooks): called instead of opening /success, and a
   * redirecting bank comes back to the current page.
   */
  onConfirmed?: () => void;
}

/** Stripe's Payment Element for the subscription's intent; success goes to /success. */
export function PaymentForm({ publishableKey, clientSecret, onConfirmed }: PaymentFormProps) {
  if (!clientSecret || !confirmKindFor(clientSecret)) return <PaymentNotice message={PAYMENT_MESSAGES.missingClientSecret} />;
  if (!publishableKey) return <PaymentNotice message={PAYMENT_MESSAGES.notReady} />;
  return <LoadedPaymentForm publishableKey={publishableKey} clientSecret={clientSecret} onConfirmed={onConfirmed} />;
}

function LoadedPaymentForm({
  publishableKey,
  clientSecret,
  onConfirmed,
}: {
  publishableKey: string;
  clientSecret: string;
  onConfirmed?: () => void;
}) {
  // undefined while Stripe.js loads; null when it could not (blocked or offline).
  const [stripe, setStripe] = useState<Stripe | null | undefined>(undefined);
  const theme = useTheme();
  useEffect(() => {
    let current = true;
    void stripeFor(publishableKey).then((loaded) => current && setStripe(loaded));
    return () => {
      current = false;
    };
  }, [publishableKey]);

  if (stripe === undefined) return <LoadingForm />;
  if (stripe === null) return <PaymentNotice message={PAYMENT_MESSAGES.notReady} />;
  return (
    <Elements stripe={stripe} options={{ clientSecret, appearance: APPEARANCE[theme] }}>
      <PaymentFields clientSecret={clientSecret} onConfirmed={onConfirmed} />
    </Elements>
  );
}

function LoadingForm() {
  return (
    <div role="status" className="flex min-h-40 items-center justify-center gap-2 text-sm text-slate-500">
      <Spinner className="size-4 text-brand-600" />
      Loading secure payment form
    </div>
  );
}

function PaymentFields({ clientSecret, onConfirmed }: { clientSecret: string; onConfirmed?: () => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const navigate = useNavigate();
  const [ready, setReady] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const kind = confirmKindFor(clientSecret);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    if (!stripe || !elements || !ready) {
      setError(PAYMENT_MESSAGES.notReady);
      return;
    }
    if (!kind) {
      setError(PAYMENT_MESSAGES.missingClientSecret);
      return;
    }
    setSubmitting(true);
    setError(null);
    const options = {
      elements,
      confirmParams: {
        return_url: onConfirmed ? window.location.origin + window.location.pathname : successReturnUrl(window.location.origin),
      },
      redirect: 'if_required' as const,
    };
    try {
      const result = kind === 'setup' ? await stripe.confirmSetup(options) : await stripe.confirmPayment(options);
      if (result.error) {
        setError(paymentErrorMessage(result.error));
        // Field mistakes stay for the user to correct; a refused card is cleared for another one.
        if (result.error.type !== 'validation_error') elements.getElement('payment')?.clear();
        setSubmitting(false);
        return;
      }
      if (onConfirmed) onConfirmed();
      else await navigate({ to: '/success', search: successSearchFor(clientSecret) });
    } catch (thrown) {
      setError(paymentErrorMessage(thrown instanceof Error ? { message: thrown.message } : null));
      setSubmitting(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-5" aria-busy={submitting || undefined}>
      <div className={cn('relative', !ready && 'min-h-40')}>
        {!ready && (
          <div className="absolute inset-0">
            <LoadingForm />
          </div>
        )}
        <PaymentElement options={ELEMENT_OPTIONS} onReady={() => setReady(true)} onLoadError={() => setError(PAYMENT_MESSAGES.notReady)} />
      </div>
      {error && <PaymentNotice message={error} />}
      <Button type="submit" variant="brand" size="lg" className="w-full" loading={submitting}>
        {kind === 'payment' ? 'Subscribe' : 'Start Free Trial'}
      </Button>
      <p className="flex items-center justify-center gap-1.5 text-xs text-slate-500">
        <Lock aria-hidden="true" className="size-3.5" />
        Payments are processed securely by Stripe.
      </p>
    </form>
  );
}

function PaymentNotice({ message }: { message: string }) {
  return (
    <p role="alert" className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {message}
    </p>
  );
}
