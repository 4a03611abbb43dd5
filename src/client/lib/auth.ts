import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import type { PublicUser } from './api-types';
import { homeFor } from './access';
import { isServerError, serverMessage } from './errors';
import { takeRedirectAfterLogin } from './redirect-after-login';
import { setCachedUser, userQueryKey, userQueryOptions } from './session';
import { toast } from './toast';
import { trpc } from './trpc';

/** The signed-in user, or null when nobody is signed in (also while the first fetch runs). */
export function useCurrentUser(): PublicUser | null {
  const { data } = useQuery(userQueryOptions());
  return data ?? null;
}

/** The server's message when it answered (or the default), else the unexpected-error text. */
function failureText(error: unknown, serverDefault: string): string {
  return isServerError(error) ? serverMessage(error, serverDefault) : 'An unexpected error occurred';
}

/** After signing in: the page saved before /auth, else the user's home (admin, chat or subscribe). */
function useGoAfterSignIn() {
  const router = useRouter();
  const queryClient = useQueryClient();
  return async (user: PublicUser) => {
    const saved = takeRedirectAfterLogin();
    if (saved) return router.navigate({ href: saved });
    return router.navigate({ to: await homeFor(queryClient, user) });
  };
}

export function useLogin() {
  const queryClient = useQueryClient();
  const goAfterSignIn = useGoAfterSignIn();
  return useMutation({
    ...trpc.auth.login.mutationOptions(),
    onSuccess: async (user) => {
      setCachedUser(queryClient, user);
      void queryClient.invalidateQueries({ queryKey: userQueryKey });
      toast({ title: 'Login successful', description: `Welcome back, ${user.username}!`, variant: 'success' });
      await goAfterSignIn(user);
    },
    onError: (error) => {
      toast({
        title: 'Login failed',
        description: failureText(error, 'Invalid email or password'),
        variant: 'destructive',
      });
    },
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  const goAfterSignIn = useGoAfterSignIn();
  return useMutation({
    ...trpc.auth.register.mutationOptions(),
    onSuccess: async (user) => {
      await queryClient.cancelQueries();
      queryClient.clear();
      setCachedUser(queryClient, user);
      toast({
        title: 'Registration successful',
        description: `Welcome to Copydesk, ${user.username}!`,
        variant: 'success',
      });
      await goAfterSignIn(user);
    },
    onError: (error) => {
      toast({
        title: 'Registration failed',
        description: failureText(error, 'Registration failed'),
        variant: 'destructive',
      });
    },
  });
}

let signingOut = false;

/** True while a logout is leaving the page, so guards do not race it to /auth. */
export function isSigningOut() {
  return signingOut;
}

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    ...trpc.auth.logout.mutationOptions(),
    onSuccess: async () => {
      signingOut = true;
      try {
        await queryClient.cancelQueries();
        queryClient.clear();
        setCachedUser(queryClient, null);
        toast({ title: 'Logged out successfully' });
        await navigate({ to: '/' });
      } finally {
        signingOut = false;
      }
    },
    onError: (error) => {
      toast({ title: 'Logout failed', description: error.message, variant: 'destructive' });
    },
  });
}
