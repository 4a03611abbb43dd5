import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { teamQueryRoot } from './access';
import { serverMessage } from './errors';
import { userQueryOptions } from './session';
import { TEAM_TOASTS } from './team-display';
import { toast } from './toast';
import { trpc } from './trpc';

/** Team data changes with the user's membership: reload the user (its teamId) and every team query. */
export async function refreshTeamData(queryClient: QueryClient) {
  await queryClient.fetchQuery({ ...userQueryOptions(), staleTime: 0 });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: teamQueryRoot }),
    queryClient.invalidateQueries({ queryKey: trpc.team.pathKey() }),
  ]);
}

function failed(title: string) {
  return (error: unknown) => toast({ title, description: serverMessage(error, 'Please try again.'), variant: 'destructive' });
}

export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    ...trpc.team.create.mutationOptions(),
    onSuccess: async (team) => {
      await refreshTeamData(queryClient);
      toast({ title: 'Team created', description: `${team.name} is ready. Invite your colleagues by email.`, variant: 'success' });
    },
    onError: failed(TEAM_TOASTS.createFailed),
  });
}

export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    ...trpc.team.invite.mutationOptions(),
    onSuccess: async (invitation) => {
      toast({ title: 'Invitation sent', description: `An invitation is on its way to ${invitation.email}.`, variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: trpc.team.invitations.queryKey() });
    },
    onError: failed(TEAM_TOASTS.inviteFailed),
  });
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...trpc.team.resendInvitation.mutationOptions(),
    onSuccess: async (invitation) => {
      toast({ title: 'Invitation resent', description: `A new link is on its way to ${invitation.email}.`, variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: trpc.team.invitations.queryKey() });
    },
    onError: failed(TEAM_TOASTS.resendFailed),
  });
}

export function useCancelInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...trpc.team.cancelInvitation.mutationOptions(),
    onSuccess: async () => {
      toast({ title: 'Invitation cancelled', description: 'Its link no longer works.', variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: trpc.team.invitations.queryKey() });
    },
    onError: failed(TEAM_TOASTS.cancelFailed),
  });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    ...trpc.team.removeMember.mutationOptions(),
    onSuccess: async () => {
      toast({ title: 'Member removed', description: 'Their seat is free again.', variant: 'success' });
      await refreshTeamData(queryClient);
    },
    onError: failed(TEAM_TOASTS.removeFailed),
  });
}

export function useTransferOwnership() {
  const queryClient = useQueryClient();
  return useMutation({
    ...trpc.team.transferOwnership.mutationOptions(),
    onSuccess: async (team) => {
      toast({ title: 'Ownership transferred', description: `${team.ownerUsername} now owns ${team.name}.`, variant: 'success' });
      await refreshTeamData(queryClient);
    },
    onError: failed(TEAM_TOASTS.transferFailed),
  });
}

export function useLeaveTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    ...trpc.team.leave.mutationOptions(),
    onSuccess: async () => {
      toast({ title: 'You left the team', variant: 'success' });
      await refreshTeamData(queryClient);
    },
    onError: failed(TEAM_TOASTS.leaveFailed),
  });
}

/** Accepting joins the team and opens the editor (its guard sends a member of an unpaid team on to /subscribe). */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    ...trpc.team.acceptInvitation.mutationOptions(),
    onSuccess: async ({ team }) => {
      await refreshTeamData(queryClient);
      toast({ title: 'Invitation accepted', description: `Welcome to ${team.name}!`, variant: 'success' });
      await navigate({ to: '/chat' });
    },
    onError: failed(TEAM_TOASTS.acceptFailed),
  });
}

export function useDeclineInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...trpc.team.declineInvitation.mutationOptions(),
    onSuccess: async () => {
      toast({ title: 'Invitation declined' });
      await queryClient.invalidateQueries({ queryKey: trpc.team.pendingInvitations.queryKey() });
    },
    onError: failed(TEAM_TOASTS.declineFailed),
  });
}
