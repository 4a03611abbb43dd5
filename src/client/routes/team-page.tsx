import { zodResolver } from '@hookform/resolvers/zod';
import * as Dialog from '@radix-ui/react-dialog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createLazyRoute } from '@tanstack/react-router';
import { Building2, Copy, CreditCard, Crown, LogOut, Mail, PenLine, Plus, RefreshCw, Send, UserMinus, Users, X } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import {
  createTeamInput,
  inviteInput,
  TEAM_LIMITS,
  TEAM_MESSAGES,
  type Invitation,
  type Team,
  type TeamMember,
  type TeamRole,
} from '~/shared/schemas/team';
import type { PublicUser } from '../lib/api-types';
import { AppPage } from '../components/app-page';
import { Button, buttonClasses } from '../components/button';
import { Badge, Card, Detail, Section, statusTone } from '../components/card';
import { ConfirmDialog } from '../components/confirm-dialog';
import { SeatChangeDialog } from '../components/seat-change-dialog';
import { CopyTextButton } from '../components/copy-text-button';
import { TeamRoleBadge } from '../components/team-role-badge';
import { DialogFrame } from '../components/dialog-frame';
import { Field, Input } from '../components/form-field';
import { QueryContent } from '../components/query-content';
import { InlineSpinner, PageSpinner } from '../components/spinner';
import { TeamSuspendedNotice } from '../components/team-suspended-notice';
import { teamAccessQueryOptions } from '../lib/access';
import { billingConfigQueryOptions } from '../lib/billing';
import { personalPlanNotice, withPersonalPlan } from '../lib/coverage';
import { serverMessage } from '../lib/errors';
import { cn } from '../lib/cn';
import { useForm } from '../lib/form';
import { formatLongDate } from '../lib/format';
import {
  refreshTeamData,
  useCancelInvitation,
  useCopyInvitationLink,
  useCreateTeam,
  useInviteMember,
  useLeaveTeam,
  useRemoveMember,
  useResendInvitation,
  useSetMemberRole,
  useTransferOwnership,
} from '../lib/team';
import {
  daysLeftLabel,
  defaultTeamName,
  invitationDaysLeft,
  isInvitationUrgent,
  seatsFull,
  teamPlanLabel,
  teamRenewal,
} from '../lib/team-display';
import { ALREADY_ACTIVE_MESSAGE } from '../lib/subscribe-flow';
import { toast } from '../lib/toast';
import { trpc } from '../lib/trpc';
import { useSignedInUser } from '../lib/use-signed-in-user';

export const teamLazyRoute = createLazyRoute('/authed/team')({ component: TeamPage });

const PaymentForm = lazy(() => import('../components/payment-form').then((m) => ({ default: m.PaymentForm })));

function TeamPage() {
  const user = useSignedInUser();
  const team = useQuery({ ...teamAccessQueryOptions(user.teamId), enabled: user.teamId != null });

  let body: ReactNode;
  if (user.teamId == null || team.data === null) body = <CreateTeam user={user} />;
  else if (team.isPending) body = <PageSpinner label="Loading your team" />;
  else if (team.isError)
    body = (
      <Card role="alert" className="p-6 text-center">
        <p className="text-slate-700">{serverMessage(team.error, 'We could not load your team.')}</p>
        <Button variant="outline" className="mt-4" onClick={() => void team.refetch()}>
          Try again
        </Button>
      </Card>
    );
  else body = <TeamDashboard team={team.data} user={user} />;

  return (
    <AppPage title="Team" description="Your team, its members and invitations.">
      {body}
    </AppPage>
  );
}

function CreateTeam({ user }: { user: PublicUser }) {
  const create = useCreateTeam();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(createTeamInput),
    defaultValues: { name: defaultTeamName(user.username) },
  });
  return (
    <Section
      title="Create Team"
      titleId="create-team-title"
      description="Start a team, invite your colleagues by email and share one subscription."
      icon={<Users aria-hidden="true" className="size-5" />}
    >
      <p className="mb-5 text-sm text-slate-600">You are not part of a team yet. Create one and you become its owner.</p>
      <form
        noValidate
        className="flex max-w-lg flex-col gap-3 sm:flex-row sm:items-start"
        onSubmit={(e) => void handleSubmit((values) => create.mutate(values))(e)}
      >
        <Field label="Team name" error={formState.errors.name} className="flex-1">
          {(control) => <Input {...control} {...register('name')} autoComplete="organization" disabled={create.isPending} />}
        </Field>
        <Button type="submit" loading={create.isPending} className="sm:mt-6.5">
          Create Team
        </Button>
      </form>
    </Section>
  );
}

function TeamDashboard({ team, user }: { team: Team; user: PublicUser }) {
  const isOwner = team.ownerId === user.id;
  const members = useQuery({ ...trpc.team.members.queryOptions(), staleTime: 0 });
  const role: TeamRole = isOwner ? 'owner' : (members.data?.find((m) => m.id === user.id)?.role ?? 'member');
  // The owner and team editors run the roster; the server checks the same on every call.
  const runsRoster = role !== 'member';
  return (
    <div className="space-y-6">
      <TeamInfo team={team} user={user} isOwner={isOwner} />
      <Section
        title="Members"
        titleId="members-title"
        description={`${team.usedSeats} of ${team.maxSeats} seats used`}
        icon={<Users aria-hidden="true" className="size-5" />}
      >
        <QueryContent query={members} loading="Loading members" failure="We could not load the members.">
          {(data) => <MemberList members={data} team={team} user={user} role={role} />}
        </QueryContent>
      </Section>
      {runsRoster && <Invitations team={team} isOwner={isOwner} />}
      {!isOwner && <LeaveTeam team={team} />}
    </div>
  );
}

function TeamInfo({ team, user, isOwner }: { team: Team; user: PublicUser; isOwner: boolean }) {
  const status = team.subscriptionStatus || 'inactive';
  return (
    <Section
      title={team.name}
      titleId="team-title"
      description={`Owner: ${team.ownerUsername}`}
      icon={<Building2 aria-hidden="true" className="size-5" />}
    >
      <SubscriptionDetails
        className="sm:grid-cols-4"
        status={team.subscriptionStatus}
        plan={team.subscriptionPlan}
        usedSeats={team.usedSeats}
        maxSeats={team.maxSeats}
        renewalDate={team.subscriptionRenewalDate}
      />
      {isOwner && <TeamSubscriptionActions team={team} user={user} />}
      {status === 'suspended' ? (
        <TeamSuspendedNotice team={team} page="team" className="mt-5" />
      ) : (
        !isOwner &&
        status !== 'active' && (
          <p className="mt-5 rounded-xl bg-amber-50 p-4 text-sm text-amber-900">
            Your team has no active subscription yet. Ask your team owner to subscribe, or subscribe individually.
          </p>
        )
      )}
    </Section>
  );
}

/** The team subscription's status, plan, seats and renewal, on the dashboard and in Manage Subscription. */
function SubscriptionDetails(o: {
  status: string | null;
  plan: string | null;
  usedSeats: number;
  maxSeats: number;
  renewalDate: string | null;
  /** Known only to Manage Subscription: the team card's Team has no such field. */
  cancelAtPeriodEnd?: boolean;
  className: string;
}) {
  const status = o.status || 'inactive';
  const renewal = teamRenewal(o, Date.now());
  return (
    <dl className={cn('grid gap-4', o.className)}>
      <Detail label="Status">
        <Badge tone={statusTone(status)}>{status}</Badge>
      </Detail>
      <Detail label="Plan">{teamPlanLabel(o.plan)}</Detail>
      <Detail label="Seats">
        {o.usedSeats} / {o.maxSeats}
      </Detail>
      {renewal && <Detail label={renewal.label}>{renewal.date}</Detail>}
    </dl>
  );
}

/** Manage Subscription for a paying team, nothing for a suspended one, Subscribe Now for any other. */
function TeamSubscriptionActions({ team, user }: { team: Team; user: PublicUser }) {
  const active = team.subscriptionStatus === 'active';
  // The server refuses a suspended team's subscribe; only an administrator can reactivate it.
  const suspended = team.subscriptionStatus === 'suspended';
  return (
    <div className="mt-5 flex flex-col gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-slate-600">
        {active
          ? 'Your subscription covers every member of the team.'
          : suspended
            ? 'Team access is suspended. Members cannot use the editor until it is active again.'
            : 'Subscribe the team and every member can use the editor.'}
      </p>
      {active ? <ManageSubscription team={team} /> : suspended ? null : <SubscribeNow user={user} />}
    </div>
  );
}

function ManageSubscription({ team }: { team: Team }) {
  const [open, setOpen] = useState(false);
  const subscription = useQuery({ ...trpc.team.subscription.queryOptions(), enabled: open, staleTime: 0 });
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="outline" size="sm">
          <CreditCard aria-hidden="true" className="size-4" />
          Manage Subscription
        </Button>
      </Dialog.Trigger>
      <DialogFrame title="Team subscription" description="The plan that covers your team's seats.">
        <QueryContent query={subscription} loading="Loading subscription" failure="We could not load the subscription.">
          {(data) => (
            <>
              <SubscriptionDetails className="grid-cols-2" {...data} />
              <div className="mt-6 flex flex-col gap-2">
                <SeatChangeDialog
                  team={team}
                  trigger={
                    <Button variant={data.portalUrl ? 'outline' : 'primary'} className="w-full">
                      <Users aria-hidden="true" className="size-4" />
                      Change seats
                    </Button>
                  }
                />
                {data.portalUrl && (
                  <a href={data.portalUrl} className={buttonClasses('primary', 'md', 'w-full')}>
                    Open billing portal
                  </a>
                )}
              </div>
            </>
          )}
        </QueryContent>
      </DialogFrame>
    </Dialog.Root>
  );
}

function SubscribeNow({ user }: { user: PublicUser }) {
  const queryClient = useQueryClient();
  const ownPlan = personalPlanNotice(user);
  const subscribe = useMutation(trpc.team.subscribe.mutationOptions());
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const config = useQuery({ ...billingConfigQueryOptions(), enabled: clientSecret !== null });

  async function start() {
    try {
      const result = await subscribe.mutateAsync({});
      if (result.clientSecret && result.message !== ALREADY_ACTIVE_MESSAGE) {
        setClientSecret(result.clientSecret);
        return;
      }
      await refreshTeamData(queryClient);
      toast({ title: 'Subscription active', description: withPersonalPlan(result.message, result.personalPlan), variant: 'success' });
    } catch (error) {
      toast({ title: 'Subscription Failed', description: serverMessage(error, 'Please try again.'), variant: 'destructive' });
    }
  }

  async function confirmed() {
    setClientSecret(null);
    toast({ title: 'Payment confirmed', description: 'The team subscription starts as soon as the payment settles.', variant: 'success' });
    await refreshTeamData(queryClient);
  }

  const button = (
    <Button variant="brand" size="sm" loading={subscribe.isPending} onClick={ownPlan ? undefined : () => void start()}>
      Subscribe Now
    </Button>
  );
  return (
    <>
      {ownPlan ? (
        <ConfirmDialog
          title="Subscribe the team?"
          description={`The team's subscription covers you too, so you will not pay twice. ${ownPlan}`}
          confirmLabel="Subscribe the Team"
          cancelLabel="Not Now"
          onConfirm={() => void start()}
          trigger={button}
        />
      ) : (
        button
      )}
      <Dialog.Root open={clientSecret !== null} onOpenChange={(open) => !open && setClientSecret(null)}>
        <DialogFrame title="Add a payment method" description="Your team's subscription starts once the card is confirmed.">
          {config.isPending ? (
            <InlineSpinner label="Loading secure payment form" />
          ) : (
            <Suspense fallback={<InlineSpinner label="Loading secure payment form" />}>
              <PaymentForm
                publishableKey={config.data?.publishableKey ?? null}
                clientSecret={clientSecret}
                onConfirmed={() => void confirmed()}
              />
            </Suspense>
          )}
        </DialogFrame>
      </Dialog.Root>
    </>
  );
}

/** What `role` may do to `member` (decision 048): the owner to anyone else, an editor to plain members. */
function mayRemove(role: TeamRole, member: TeamMember, user: PublicUser): boolean {
  if (member.id === user.id || member.role === 'owner') return false;
  return role === 'owner' || (role === 'editor' && member.role === 'member');
}

function MemberList({ members, team, user, role }: { members: TeamMember[]; team: Team; user: PublicUser; role: TeamRole }) {
  const remove = useRemoveMember();
  const transfer = useTransferOwnership();
  const setRole = useSetMemberRole();
  const isOwner = role === 'owner';
  return (
    <ul aria-label="Team members" className="divide-y divide-slate-100 rounded-xl border border-slate-200">
      {members.map((member) => {
        const memberIsOwner = member.id === team.ownerId;
        return (
          <li key={member.id} className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                <span className="truncate">{member.username}</span>
                <TeamRoleBadge role={memberIsOwner ? 'owner' : member.role} />
                {member.id === user.id && <span className="text-xs font-normal text-slate-500">(you)</span>}
              </p>
              <p className="truncate text-sm text-slate-600">{member.email}</p>
              <p className="text-xs text-slate-500">Joined {formatLongDate(member.createdAt) ?? ''}</p>
            </div>
            {(isOwner || mayRemove(role, member, user)) && !memberIsOwner && (
              <div className="flex shrink-0 flex-wrap gap-2">
                {isOwner && (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`${member.role === 'editor' ? 'Make member' : 'Make editor'}: ${member.username}`}
                    loading={setRole.isPending && setRole.variables?.id === member.id}
                    onClick={() => setRole.mutate({ id: member.id, role: member.role === 'editor' ? 'member' : 'editor' })}
                  >
                    <PenLine aria-hidden="true" className="size-4" />
                    {member.role === 'editor' ? 'Make member' : 'Make editor'}
                  </Button>
                )}
                {isOwner && (
                  <ConfirmDialog
                    title={`Make ${member.username} the owner?`}
                    description={`${member.username} will manage the team, its invitations and its subscription. You stay on as a team editor.`}
                    confirmLabel="Transfer Ownership"
                    onConfirm={() => transfer.mutate({ id: member.id })}
                    trigger={
                      <Button variant="outline" size="sm" loading={transfer.isPending && transfer.variables?.id === member.id}>
                        <Crown aria-hidden="true" className="size-4" />
                        Make owner
                      </Button>
                    }
                  />
                )}
                {mayRemove(role, member, user) && (
                  <ConfirmDialog
                    title={`Remove ${member.username}?`}
                    description={`${member.username} (${member.email}) leaves the team and loses the team's access to the editor. Their seat becomes free.`}
                    confirmLabel="Remove Member"
                    destructive
                    onConfirm={() => remove.mutate({ id: member.id })}
                    trigger={
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={`Remove ${member.username}`}
                        loading={remove.isPending && remove.variables?.id === member.id}
                        className="text-red-700 hover:bg-red-50 hover:text-red-800"
                      >
                        <UserMinus aria-hidden="true" className="size-4" />
                        Remove
                      </Button>
                    }
                  />
                )}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** An invitation as invite and resend return it: the only moment its link exists outside the e-mail. */
type IssuedInvitation = Invitation & { inviteUrl: string };

function Invitations({ team, isOwner }: { team: Team; isOwner: boolean }) {
  const invitations = useQuery({ ...trpc.team.invitations.queryOptions(), staleTime: 0 });
  // Links seen this visit; the server keeps only a hash of each token, so older ones need a resend.
  const [links, setLinks] = useState<Record<number, string>>({});
  const remember = (issued: IssuedInvitation) => setLinks((l) => ({ ...l, [issued.id]: issued.inviteUrl }));
  const pending = invitations.data?.filter((i) => i.status === 'pending') ?? [];

  return (
    <>
      <Section
        title="Invite a member"
        titleId="invite-title"
        description="They receive an email with a link that is valid for 7 days."
        icon={<Mail aria-hidden="true" className="size-5" />}
      >
        <InviteForm team={team} pending={invitations.data ? pending.length : 0} isOwner={isOwner} onInvited={remember} />
      </Section>
      <Section
        title="Pending Invitations"
        titleId="invitations-title"
        description={invitations.data ? `${pending.length} pending` : undefined}
        icon={<Send aria-hidden="true" className="size-5" />}
      >
        <QueryContent query={invitations} loading="Loading invitations" failure="We could not load the invitations.">
          {() =>
            pending.length === 0 ? (
              <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-600">
                No pending invitations. Invite a colleague by email above.
              </p>
            ) : (
              <ul aria-label="Pending invitations" className="divide-y divide-slate-100 rounded-xl border border-slate-200">
                {pending.map((invitation) => (
                  <InvitationRow key={invitation.id} invitation={invitation} link={links[invitation.id] ?? null} onIssued={remember} />
                ))}
              </ul>
            )
          }
        </QueryContent>
      </Section>
    </>
  );
}

/** `pending` invitations hold seats: inviting stops once members and pending invitations fill them. */
function InviteForm({
  team,
  pending,
  isOwner,
  onInvited,
}: {
  team: Team;
  pending: number;
  /** Seats are billing: only the owner is offered to add them. */
  isOwner: boolean;
  onInvited: (issued: IssuedInvitation) => void;
}) {
  const invite = useInviteMember();
  const membersFull = seatsFull(team);
  const free = team.maxSeats - team.usedSeats - pending;
  const full = membersFull || free <= 0;
  const { register, handleSubmit, formState, reset } = useForm({
    resolver: zodResolver(inviteInput),
    defaultValues: { email: '' },
  });
  return (
    <>
      <form
        noValidate
        className="flex max-w-lg flex-col gap-3 sm:flex-row sm:items-start"
        onSubmit={(e) =>
          void handleSubmit((values) =>
            invite.mutate(values, {
              onSuccess: (result) => {
                reset();
                onInvited(result);
              },
            }),
          )(e)
        }
      >
        <Field
          label="Email"
          error={formState.errors.email}
          className="flex-1"
          hint={
            full ? (
              <span className="text-sm text-amber-800">{membersFull ? TEAM_MESSAGES.seatsFull : TEAM_MESSAGES.seatsHeld}</span>
            ) : (
              `${free} ${free === 1 ? 'seat' : 'seats'} free${pending > 0 ? `, ${pending} held by pending invitations` : ''}`
            )
          }
        >
          {(control) => (
            <Input
              {...control}
              {...register('email')}
              type="email"
              autoComplete="off"
              placeholder="colleague@newsroom.com"
              disabled={full || invite.isPending}
            />
          )}
        </Field>
        <Button type="submit" loading={invite.isPending} disabled={full} className="sm:mt-6.5">
          <Send aria-hidden="true" className="size-4" />
          Send Invitation
        </Button>
      </form>
      {full && isOwner && team.subscriptionStatus !== 'suspended' && (
        <div className="mt-4 flex flex-col gap-3 rounded-xl bg-amber-50 p-4 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between">
          <p>Add seats to invite more people; the change is shown before it is made.</p>
          <SeatChangeDialog
            team={team}
            trigger={
              <Button variant="outline" size="sm">
                <Plus aria-hidden="true" className="size-4" />
                Add seats
              </Button>
            }
          />
        </div>
      )}
    </>
  );
}

function InvitationRow({
  invitation,
  link,
  onIssued,
}: {
  invitation: Invitation;
  link: string | null;
  onIssued: (issued: IssuedInvitation) => void;
}) {
  const resend = useResendInvitation();
  const copyLink = useCopyInvitationLink();
  const cancel = useCancelInvitation();
  const days = invitationDaysLeft(invitation.expiresAt, Date.now());
  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900">{invitation.email}</p>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-500">
          <Badge tone={isInvitationUrgent(days) ? 'red' : 'neutral'}>{daysLeftLabel(days)}</Badge>
          <span>Sent {formatLongDate(invitation.updatedAt) ?? ''}</span>
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {link ? (
          <CopyTextButton
            text={link}
            copiedTitle="Invitation link copied"
            failedTitle="Could not copy the link"
            aria-label={`Copy link for ${invitation.email}`}
          >
            Copy link
          </CopyTextButton>
        ) : (
          // Only the token's hash is kept, so a link from an earlier visit cannot be shown again: this makes a new one.
          <ConfirmDialog
            title={`Copy a new link for ${invitation.email}?`}
            description={`Copydesk keeps no copy of invitation links, so this makes a new one, valid for ${TEAM_LIMITS.invitationLifetimeDays} days, and copies it. No email is sent. The link already sent to ${invitation.email} will then say it was replaced by a newer invitation.`}
            confirmLabel="Copy New Link"
            onConfirm={() => copyLink.mutate({ id: invitation.id }, { onSuccess: onIssued })}
            trigger={
              <Button variant="outline" size="sm" aria-label={`Copy link for ${invitation.email}`} loading={copyLink.isPending}>
                {!copyLink.isPending && <Copy aria-hidden="true" className="size-4" />}
                Copy link
              </Button>
            }
          />
        )}
        <Button
          variant="outline"
          size="sm"
          aria-label={`Resend invitation to ${invitation.email}`}
          loading={resend.isPending}
          onClick={() => resend.mutate({ id: invitation.id }, { onSuccess: onIssued })}
        >
          {!resend.isPending && <RefreshCw aria-hidden="true" className="size-4" />}
          Resend
        </Button>
        <ConfirmDialog
          title="Cancel this invitation?"
          description={`The link sent to ${invitation.email} will stop working.`}
          confirmLabel="Cancel Invitation"
          cancelLabel="Keep Invitation"
          destructive
          onConfirm={() => cancel.mutate({ id: invitation.id })}
          trigger={
            <Button
              variant="outline"
              size="sm"
              aria-label={`Cancel invitation to ${invitation.email}`}
              loading={cancel.isPending}
              className="text-red-700 hover:bg-red-50 hover:text-red-800"
            >
              {!cancel.isPending && <X aria-hidden="true" className="size-4" />}
              Cancel
            </Button>
          }
        />
      </div>
    </li>
  );
}

function LeaveTeam({ team }: { team: Team }) {
  const leave = useLeaveTeam();
  return (
    <Section title="Leave team" titleId="leave-title" icon={<LogOut aria-hidden="true" className="size-5" />}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">You lose the team's access to the editor. The owner can invite you again.</p>
        <ConfirmDialog
          title={`Leave ${team.name}?`}
          description="You lose the team's access to the editor straight away. Your own conversations stay with you."
          confirmLabel="Leave Team"
          destructive
          onConfirm={() => leave.mutate()}
          trigger={
            <Button variant="outline" loading={leave.isPending} className="text-red-700 hover:bg-red-50 hover:text-red-800">
              <LogOut aria-hidden="true" className="size-4" />
              Leave team
            </Button>
          }
        />
      </div>
    </Section>
  );
}
