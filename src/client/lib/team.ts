import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { Team } from '~/shared/schemas/team';
import { teamQueryRoot } from './access';
import { copyText } from './chat/clipboard';
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
      toast({
        title: 'Invitation resent',
        description: `A new link is on its way to ${invitation.email}. The earlier link now says it was replaced.`,
        variant: 'success',
      });
      await queryClient.invalidateQueries({ queryKey: trpc.team.invitations.queryKey() });
    },
    onError: failed(TEAM_TOASTS.resendFailed),
  });
}

/** A fresh link for a pending invitation, without an e-mail; it is copied at once when the browser lets us. */
export function useCopyInvitationLink() {
  const queryClient = useQueryClient();
  return useMutation({
    ...trpc.team.copyInvitationLink.mutationOptions(),
    onSuccess: async (invitation) => {
      const copied = await copyText(invitation.inviteUrl);
      toast(
        copied
          ? { title: 'New invitation link copied', description: 'The earlier link now says it was replaced.', variant: 'success' }
          : { title: 'New invitation link ready', description: 'Use Copy link to copy it. The earlier link now says it was replaced.' },
      );
      await queryClient.invalidateQueries({ queryKey: trpc.team.invitations.queryKey() });
    },
    onError: failed(TEAM_TOASTS.copyLinkFailed),
  });
}

export function useSetMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    ...trpc.team.setMemberRole.mutationOptions(),
    onSuccess: async (member) => {
      toast({
        title: 'Role changed',
        description:
          member.role === 'editor'
            ? `${member.username} is now a team editor and can invite and remove members.`
            : `${member.username} is now a member.`,
        variant: 'success',
      });
      await queryClient.invalidateQueries({ queryKey: trpc.team.members.queryKey() });
    },
    onError: failed(TEAM_TOASTS.roleFailed),
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

/** Whether the editor opens for a member who just joined `team`: the team pays, or they have a plan of their own. */
function editorOpensFor(team: Team, user: { subscriptionStatus: string } | null | undefined): boolean {
  return team.subscriptionStatus === 'active' || user?.subscriptionStatus === 'active' || user?.subscriptionStatus === 'trialing';
}

/**
 * Accepting joins the team and opens the editor. A team without an active subscription does not
 * cover the new member yet: they go to the team page, which says so, rather than to a silent paywall.
 */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    ...trpc.team.acceptInvitation.mutationOptions(),
    onSuccess: async ({ team }) => {
      await refreshTeamData(queryClient);
      if (editorOpensFor(team, queryClient.getQueryData(userQueryOptions().queryKey))) {
        toast({ title: 'Invitation accepted', description: `Welcome to ${team.name}!`, variant: 'success' });
        await navigate({ to: '/chat' });
        return;
      }
      toast({
        title: `You joined ${team.name}`,
        description:
          team.subscriptionStatus === 'suspended'
            ? `Team "${team.name}" subscription is currently suspended. Get in touch with your team owner.`
            : 'The team has no active subscription yet, so the editor opens once your team owner subscribes. You can also subscribe on your own.',
        variant: 'success',
      });
      await navigate({ to: '/team' });
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
