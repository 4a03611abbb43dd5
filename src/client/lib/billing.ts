import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import type { PublicUser } from './api-types';
import { serverMessage } from './errors';
import { formatLongDate } from './format';
import { setCachedUser, userQueryKey, userQueryOptions } from './session';
import { decideAfterCreate, decidePromo, normalisePromoCode, type PromoDecision } from './subscribe-flow';
import { toast } from './toast';
import { trpc } from './trpc';

export { billingConfigQueryOptions } from './billing-config';

const asSentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

function welcomeToast(user: PublicUser, message: string) {
  toast({
    title: user.subscriptionStatus === 'trialing' ? 'Trial started' : 'Subscription active',
    description: message,
    variant: 'success',
  });
}

/**
 * The subscribe flow of the spec: validate a promo code first, create the
 * subscription, then either show the payment form or activate and open the
 * editor. The user cache is refreshed before /chat so its guard lets them in.
 */
export function useStartSubscription() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const validate = useMutation(trpc.subscription.validatePromoCode.mutationOptions());
  const create = useMutation(trpc.subscription.create.mutationOptions());
  const activate = useMutation(trpc.subscription.activate.mutationOptions());
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const [clientSecret, setClientSecret] = useState<string | null>(null);

  async function openEditor() {
    await navigate({ to: '/chat' });
  }

  async function run(rawPromoCode: string) {
    const promoCode = normalisePromoCode(rawPromoCode);
    let promo: PromoDecision = { promoCode: undefined, fullDiscount: false };
    if (promoCode) {
      try {
        promo = decidePromo(promoCode, await validate.mutateAsync({ promoCode }));
      } catch (error) {
        toast({ title: 'Error validating promo code', description: serverMessage(error, 'Please try again.'), variant: 'destructive' });
        return;
      }
      if (promo.invalidMessage) {
        // Stays on screen through the rest of the flow, so no success toast replaces it.
        toast({
          title: 'Invalid promo code',
          description: `${asSentence(promo.invalidMessage)} Continuing without a discount.`,
          variant: 'destructive',
        });
      }
    }

    let result;
    try {
      result = await create.mutateAsync({ promoCode: promo.promoCode });
    } catch (error) {
      toast({ title: 'Subscription Failed', description: serverMessage(error, 'Please try again.'), variant: 'destructive' });
      return;
    }

    const next = decideAfterCreate(result, promo.fullDiscount);
    switch (next.kind) {
      case 'already-active':
        await queryClient.fetchQuery({ ...userQueryOptions(), staleTime: 0 });
        return openEditor();
      case 'payment':
        setClientSecret(next.clientSecret);
        return;
      case 'failed':
        toast({ title: 'Subscription Failed', description: next.message, variant: 'destructive' });
        return;
      case 'activate': {
        let user: PublicUser;
        try {
          user = await activate.mutateAsync();
        } catch (error) {
          toast({ title: 'Activation Error', description: serverMessage(error, 'Please try again.'), variant: 'destructive' });
          return;
        }
        setCachedUser(queryClient, user);
        void queryClient.invalidateQueries({ queryKey: userQueryKey });
        if (!promo.invalidMessage) welcomeToast(user, result.message);
        return openEditor();
      }
    }
  }

  async function start(rawPromoCode: string) {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await run(rawPromoCode);
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  return { start, busy, clientSecret };
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    ...trpc.subscription.cancel.mutationOptions(),
    onSuccess: async ({ accessUntil }) => {
      const until = formatLongDate(accessUntil);
      toast({
        title: 'Subscription Cancelled',
        description: until ? `Subscription cancelled. You keep access until ${until}.` : 'Subscription cancelled.',
        variant: 'success',
      });
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
    },
    onError: (error) => {
      toast({ title: 'Cancellation Failed', description: serverMessage(error, 'Please try again.'), variant: 'destructive' });
    },
  });
}
