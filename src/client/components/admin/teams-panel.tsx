import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Building2, Plus, SearchX } from 'lucide-react';
import { useState } from 'react';
import type { AdminTeam } from '~/shared/schemas/admin';
import { teamPagesQuery, useSettledSearch } from '../../lib/admin';
import { Button } from '../button';
import { CreateTeamDialog } from './create-team-dialog';
import { DeleteTeamDialog } from './delete-team-dialog';
import { EditTeamDialog } from './edit-team-dialog';
import { InviteMemberDialog } from './invite-member-dialog';
import { EmptyLine } from './list-status';
import { PagedList } from './paged-list';
import { Panel } from './panel';
import { SearchBox } from './search-box';
import { TeamMembersDialog } from './team-members-dialog';
import { TeamRow, type TeamAction } from './team-row';
import { TeamStatusDialog } from './team-status-dialog';

type TeamDialog = { kind: 'create' } | { kind: TeamAction; team: AdminTeam } | null;

export function TeamsPanel() {
  const [search, setSearch] = useState('');
  const query = useInfiniteQuery({ ...teamPagesQuery(useSettledSearch(search.trim())), placeholderData: keepPreviousData });
  const [dialog, setDialog] = useState<TeamDialog>(null);
  const close = () => setDialog(null);
  const teamFor = (kind: TeamAction) => (dialog && dialog.kind === kind ? dialog.team : null);

  return (
    <Panel
      title="Teams"
      titleId="admin-teams-title"
      count={query.data?.pages[0]?.total}
      icon={<Building2 aria-hidden="true" className="size-5" />}
      busy={query.isPlaceholderData}
      action={
        <Button size="sm" onClick={() => setDialog({ kind: 'create' })}>
          <Plus aria-hidden="true" className="size-4" />
          Create Team
        </Button>
      }
    >
      <div className="mb-3">
        <SearchBox label="Search teams" value={search} onChange={setSearch} />
      </div>
      <PagedList
        query={query}
        label="Teams"
        loading="Loading teams..."
        failure="We could not load the teams."
        empty={
          search.trim() ? (
            <EmptyLine icon={<SearchX aria-hidden="true" className="size-5 text-slate-400" />}>No teams match "{search.trim()}"</EmptyLine>
          ) : (
            <EmptyLine icon={<Building2 aria-hidden="true" className="size-5 text-slate-400" />}>No teams created yet</EmptyLine>
          )
        }
      >
        {(team) => <TeamRow key={team.id} team={team} onAction={(kind) => setDialog({ kind, team })} />}
      </PagedList>
      <CreateTeamDialog open={dialog?.kind === 'create'} onOpenChange={(open) => setDialog(open ? { kind: 'create' } : null)} />
      <TeamStatusDialog team={teamFor('status')} onClose={close} />
      <EditTeamDialog team={teamFor('edit')} onClose={close} />
      <DeleteTeamDialog team={teamFor('delete')} onClose={close} />
      <InviteMemberDialog team={teamFor('invite')} onClose={close} />
      <TeamMembersDialog team={teamFor('members')} onClose={close} />
    </Panel>
  );
}
