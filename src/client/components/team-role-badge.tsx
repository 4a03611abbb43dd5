import { Crown, PenLine } from 'lucide-react';
import type { TeamRole } from '~/shared/schemas/team';
import { Badge } from './card';

export const TEAM_ROLE_LABELS: Record<TeamRole, string> = { owner: 'Owner', editor: 'Team editor', member: 'Member' };

/** A member's role in a team list: the owner's badge as the spec shows it, the editor's, or plain "Member". */
export function TeamRoleBadge({ role }: { role: TeamRole }) {
  if (role === 'owner')
    return (
      <Badge tone="brand">
        <Crown aria-hidden="true" className="mr-1 size-3" />
        Owner
      </Badge>
    );
  if (role === 'editor')
    return (
      <Badge tone="green">
        <PenLine aria-hidden="true" className="mr-1 size-3" />
        {TEAM_ROLE_LABELS.editor}
      </Badge>
    );
  return <Badge>{TEAM_ROLE_LABELS.member}</Badge>;
}
