import { infiniteQueryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { auditValueWords } from '~/shared/audit-words';
import type { AuditAction, AuditFilter } from '~/shared/schemas/admin';
import { formatDateTime } from './format';
import { serverMessage } from './errors';
import { userQueryKey } from './session';
import { toast } from './toast';
import { trpc, trpcClient } from './trpc';
import { useDebouncedValue } from './use-debounced-value';

/** Section 8's admin toasts, word for word. */
export const ADMIN_TOASTS = {
  userUpdated: 'User updated successfully!',
  userCreated: 'User created successfully!',
  userDeleted: 'User deleted successfully!',
  gifted: 'Subscription gifted successfully!',
  teamCreated: 'Team created successfully!',
  teamUpdated: 'Team updated successfully!',
  teamDeleted: 'Team deleted successfully!',
  invited: 'Team invitation sent successfully!',
  resent: 'Invitation resent successfully!',
  teamStatusUpdated: 'Team subscription status updated successfully!',
  updateUserFailed: 'Failed to update user',
  createUserFailed: 'Failed to create user',
  deleteUserFailed: 'Failed to delete user',
  giftFailed: 'Failed to gift subscription',
  createTeamFailed: 'Failed to create team',
  updateTeamFailed: 'Failed to update team',
  deleteTeamFailed: 'Failed to delete team',
  inviteFailed: 'Failed to send invitation',
  resendFailed: 'Failed to resend invitation',
  teamStatusFailed: 'Failed to update subscription status',
  resetSent: 'Password reset sent',
  resetFailed: 'Failed to send password reset',
} as const;

export const FAILURE_FALLBACK = 'Please try again';

export const SEARCH_DEBOUNCE_MS = 300;

/** Rows per page of the users, teams and audit lists. */
export const ADMIN_PAGE_SIZE = 25;

/** A search term once the typing pauses. */
export const useSettledSearch = (search: string) => useDebouncedValue(search, SEARCH_DEBOUNCE_MS);

/** A user's or team's status as its badge shows it: an empty status reads 'inactive'. */
export function statusLabel(status: string | null | undefined): string {
  return status || 'inactive';
}

/** Gifting makes a subscription active, so it is offered to everyone else. */
export function canGift(user: { subscriptionStatus: string }): boolean {
  return user.subscriptionStatus !== 'active';
}

/** The admin's toggle: an active team is suspended, any other is made active. */
export function nextTeamStatus(status: string | null | undefined): 'active' | 'suspended' {
  return status === 'active' ? 'suspended' : 'active';
}

export function teamStatusToggleTitle(status: string | null | undefined): string {
  return nextTeamStatus(status) === 'suspended' ? 'Suspend team access' : 'Activate team access';
}

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'admin.sign_in': 'Admin signed in',
  'user.create': 'User created',
  'user.update': 'User updated',
  'user.delete': 'User deleted',
  'user.gift': 'Subscription gifted',
  'team.create': 'Team created',
  'team.update': 'Team updated',
  'team.delete': 'Team deleted',
  'team.invite': 'Member invited',
  'team.resend_invitation': 'Invitation resent',
  'team.subscription': 'Team access changed',
  'team.seats': 'Seats changed by owner',
  'user.email_change_notice': 'Address change notice sent',
  'user.password_reset_sent': 'Password reset sent by admin',
  'account.password_reset_requested': 'Password reset requested',
  'account.password_reset': 'Password reset',
  'account.sign_in': 'Signed in after admin change',
  'api_token.create': 'Created admin API token',
  'api_token.revoke': 'Revoked admin API token',
};

/** The REST download of the audit log, narrowed like the list on screen; unset filters are left out. */
export function auditCsvUrl(filter: AuditFilter): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value !== undefined) params.set(key, String(value));
  const query = params.toString();
  return `/api/admin/audit-log.csv${query ? `?${query}` : ''}`;
}

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/** One side of an audited change of `field`, as the log shows it. */
export function auditValue(field: string, value: unknown): string {
  const words = auditValueWords(field, value);
  // a stored timestamp reads like every other date in the app
  return ISO_TIMESTAMP.test(words) ? formatDateTime(words) : words;
}

// The list procedures take a nullish input, which the options proxy does not offer infinite queries for; these
// keys sit under the proxy's admin paths, so invalidating `trpc.admin.pathKey()` reaches them too.

/** Long enough that pages the route's loader fetched are not fetched again on mount; every change invalidates them. */
const PAGES_FRESH_MS = 10_000;

/** Users, newest first, a page at a time; `search` matches part of a username or an e-mail on the server. */
export function userPagesQuery(search: string) {
  return infiniteQueryOptions({
    queryKey: [...trpc.admin.users.pathKey(), 'pages', { search }],
    queryFn: ({ pageParam }) => trpcClient.admin.users.list.query({ search, cursor: pageParam, limit: ADMIN_PAGE_SIZE }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: PAGES_FRESH_MS,
  });
}

export function teamPagesQuery(search: string) {
  return infiniteQueryOptions({
    queryKey: [...trpc.admin.teams.pathKey(), 'pages', { search }],
    queryFn: ({ pageParam }) => trpcClient.admin.teams.list.query({ search, cursor: pageParam, limit: ADMIN_PAGE_SIZE }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: PAGES_FRESH_MS,
  });
}

export function auditPagesQuery(filter: AuditFilter) {
  return infiniteQueryOptions({
    queryKey: [...trpc.admin.audit.pathKey(), 'pages', filter],
    queryFn: ({ pageParam }) => trpcClient.admin.audit.list.query({ ...filter, cursor: pageParam, limit: ADMIN_PAGE_SIZE }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: PAGES_FRESH_MS,
  });
}

/** Any change can show up in every admin list, the owner choices and the audit log, so all of them reload. */
async function refreshAdminData(queryClient: QueryClient) {
  await queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });
}

/**
 * A refusal's toast says the server's reason. Without one (a network failure) it says `fallback`,
 * or, for the spec's two toasts without a description, nothing.
 */
function failed(title: string, fallback: string | null = FAILURE_FALLBACK) {
  return (error: unknown) => toast({ title, description: serverMessage(error, '') || fallback || undefined, variant: 'destructive' });
}

function succeeded(title: string) {
  toast({ title, variant: 'success' });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    ...trpc.admin.users.create.mutationOptions(),
    onSuccess: async () => {
      succeeded(ADMIN_TOASTS.userCreated);
      await refreshAdminData(queryClient);
    },
    onError: failed(ADMIN_TOASTS.createUserFailed),
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    ...trpc.admin.users.update.mutationOptions(),
    onSuccess: async () => {
      succeeded(ADMIN_TOASTS.userUpdated);
      // The admin may have edited their own account (name, e-mail), which the header shows.
      await Promise.all([refreshAdminData(queryClient), queryClient.invalidateQueries({ queryKey: userQueryKey })]);
    },
    onError: failed(ADMIN_TOASTS.updateUserFailed),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    ...trpc.admin.users.delete.mutationOptions(),
    onSuccess: async () => {
      succeeded(ADMIN_TOASTS.userDeleted);
      await refreshAdminData(queryClient);
    },
    onError: failed(ADMIN_TOASTS.deleteUserFailed, null),
  });
}

export function useGiftSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    ...trpc.admin.users.gift.mutationOptions(),
    onSuccess: async () => {
      succeeded(ADMIN_TOASTS.gifted);
      await refreshAdminData(queryClient);
    },
    onError: failed(ADMIN_TOASTS.giftFailed, null),
  });
}

/** The server says where the link went: the account's address, or the one an admin replaced. */
export function useSendPasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({
    ...trpc.admin.users.sendPasswordReset.mutationOptions(),
    onSuccess: async ({ message }) => {
      toast({ title: ADMIN_TOASTS.resetSent, description: message, variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: trpc.admin.audit.pathKey() });
    },
    onError: failed(ADMIN_TOASTS.resetFailed),
  });
}

export function useCreateTeamAsAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    ...trpc.admin.teams.create.mutationOptions(),
    onSuccess: async () => {
      succeeded(ADMIN_TOASTS.teamCreated);
      await refreshAdminData(queryClient);
    },
    onError: failed(ADMIN_TOASTS.createTeamFailed),
  });
}

export function useUpdateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    ...trpc.admin.teams.update.mutationOptions(),
    onSuccess: async () => {
      succeeded(ADMIN_TOASTS.teamUpdated);
      await refreshAdminData(queryClient);
    },
    onError: failed(ADMIN_TOASTS.updateTeamFailed),
  });
}

export function useDeleteTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    ...trpc.admin.teams.delete.mutationOptions(),
    onSuccess: async () => {
      succeeded(ADMIN_TOASTS.teamDeleted);
      await refreshAdminData(queryClient);
    },
    onError: failed(ADMIN_TOASTS.deleteTeamFailed),
  });
}

export function useInviteAsAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    ...trpc.admin.teams.invite.mutationOptions(),
    onSuccess: async () => {
      succeeded(ADMIN_TOASTS.invited);
      await refreshAdminData(queryClient);
    },
    onError: failed(ADMIN_TOASTS.inviteFailed),
  });
}

export function useResendAsAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    ...trpc.admin.teams.resendInvitation.mutationOptions(),
    onSuccess: async () => {
      succeeded(ADMIN_TOASTS.resent);
      await refreshAdminData(queryClient);
    },
    onError: failed(ADMIN_TOASTS.resendFailed),
  });
}

export function useSetTeamStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    ...trpc.admin.teams.setSubscription.mutationOptions(),
    onSuccess: async () => {
      succeeded(ADMIN_TOASTS.teamStatusUpdated);
      await refreshAdminData(queryClient);
    },
    onError: failed(ADMIN_TOASTS.teamStatusFailed),
  });
}
