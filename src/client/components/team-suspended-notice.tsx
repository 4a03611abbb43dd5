import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ShieldAlert } from 'lucide-react';
import { hasOwnSubscription, suspendedTeamOf } from '~/shared/access';
import type { Team } from '~/shared/schemas/team';
import { teamAccessQueryOptions } from '../lib/access';
import { cn } from '../lib/cn';
import { useSignedInUser } from '../lib/use-signed-in-user';
import { buttonClasses } from './button';

type NoticePage = 'subscribe' | 'team';

/** What the signed-in person can do about it, from the page they are on. */
function optionsText(isOwner: boolean, ownPlan: boolean, page: NoticePage): string {
  if (page === 'subscribe') {
    return isOwner
      ? 'You can start a free trial of your own below while the team is suspended.'
      : 'You can start a free trial of your own below, or leave the team from your team page.';
  }
  if (isOwner) return 'Contact us to find out why and to restore it.';
  return ownPlan
    ? 'Your own plan still lets you use the editor. You can also leave the team below.'
    : 'You can subscribe personally, or leave the team below.';
}

/**
 * The spec's 'Team Access Suspended' explanation, shown on load wherever a member of a suspended
 * team lands (the editor's guard sends them to /subscribe), with what they can do about it.
 */
export function TeamSuspendedNotice({
  team,
  page,
  className,
}: {
  team: Pick<Team, 'name' | 'ownerId'>;
  page: NoticePage;
  className?: string;
}) {
  const user = useSignedInUser();
  const isOwner = team.ownerId === user.id;
  const ownPlan = hasOwnSubscription(user);
  const titleId = `team-suspended-${page}`;
  return (
    <section
      aria-labelledby={titleId}
      className={cn('rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 sm:p-5', className)}
    >
      <div className="flex items-start gap-3">
        <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-600" />
        <div className="min-w-0">
          <h2 id={titleId} className="text-base font-semibold text-amber-900">
            Team Access Suspended
          </h2>
          <p className="mt-1">
            {isOwner
              ? `Team "${team.name}" access is suspended by the platform's administrators. Members cannot use the editor until it is active again.`
              : `Team "${team.name}" subscription is currently suspended. Get in touch with your team owner.`}
          </p>
          <p className="mt-2">{optionsText(isOwner, ownPlan, page)}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            {page === 'team' && !isOwner && !ownPlan && (
              <Link to="/subscribe" className={buttonClasses('outline', 'sm')}>
                Subscribe personally
              </Link>
            )}
            {page === 'subscribe' && (
              <Link to="/team" className={buttonClasses('outline', 'sm')}>
                Open your team page
              </Link>
            )}
            <Link to="/contact" className={buttonClasses('outline', 'sm')}>
              Contact us
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}

/** On a page that does not load the team itself: the notice, once the team is known to be suspended. */
export function SuspendedTeamNotice({ page, className }: { page: NoticePage; className?: string }) {
  const user = useSignedInUser();
  const team = useQuery({ ...teamAccessQueryOptions(user.teamId), enabled: user.teamId != null });
  const suspended = suspendedTeamOf(user, team.data);
  return suspended ? <TeamSuspendedNotice team={suspended} page={page} className={className} /> : null;
}
