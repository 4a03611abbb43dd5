import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { SearchX, UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import type { AdminUser } from '~/shared/schemas/admin';
import { useSettledSearch, userPagesQuery } from '../../lib/admin';
import { trpc } from '../../lib/trpc';
import { Button } from '../button';
import { CreateUserDialog } from './create-user-dialog';
import { DeleteUserDialog } from './delete-user-dialog';
import { EditUserDialog } from './edit-user-dialog';
import { GiftSubscriptionDialog } from './gift-subscription-dialog';
import { EmptyLine } from './list-status';
import { PagedList } from './paged-list';
import { Panel } from './panel';
import { SearchBox } from './search-box';
import { UserRow } from './user-row';

type UserDialog = { kind: 'create' } | { kind: 'gift' | 'edit' | 'delete'; user: AdminUser } | null;

export function UsersPanel() {
  const [search, setSearch] = useState('');
  const query = useInfiniteQuery({ ...userPagesQuery(useSettledSearch(search.trim())), placeholderData: keepPreviousData });
  const [dialog, setDialog] = useState<UserDialog>(null);
  const close = () => setDialog(null);
  const ids = query.data?.pages.flatMap((p) => p.items.map((u) => u.id)) ?? [];
  const tokenCounts = useQuery({
    ...trpc.admin.users.apiTokenCounts.queryOptions({ ids }),
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
  });
  const teams = useQuery({ ...trpc.admin.users.teams.queryOptions({ ids }), enabled: ids.length > 0, placeholderData: keepPreviousData });

  return (
    <Panel
      title="Users"
      titleId="admin-users-title"
      count={query.data?.pages[0]?.total}
      icon={<Users aria-hidden="true" className="size-5" />}
      busy={query.isPlaceholderData}
      action={
        <Button size="sm" onClick={() => setDialog({ kind: 'create' })}>
          <UserPlus aria-hidden="true" className="size-4" />
          Add User
        </Button>
      }
    >
      <div className="mb-3">
        <SearchBox label="Search users" value={search} onChange={setSearch} />
      </div>
      <PagedList
        query={query}
        label="Users"
        loading="Loading users..."
        failure="We could not load the users."
        empty={
          search.trim() ? (
            <EmptyLine icon={<SearchX aria-hidden="true" className="size-5 text-slate-400" />}>No users match "{search.trim()}"</EmptyLine>
          ) : (
            'No users yet'
          )
        }
      >
        {(user) => (
          <UserRow
            key={user.id}
            user={user}
            apiTokens={tokenCounts.data?.[user.id]}
            team={teams.data?.[user.id] ?? null}
            onGift={() => setDialog({ kind: 'gift', user })}
            onEdit={() => setDialog({ kind: 'edit', user })}
            onDelete={() => setDialog({ kind: 'delete', user })}
          />
        )}
      </PagedList>
      <CreateUserDialog open={dialog?.kind === 'create'} onOpenChange={(open) => setDialog(open ? { kind: 'create' } : null)} />
      <GiftSubscriptionDialog user={dialog?.kind === 'gift' ? dialog.user : null} onClose={close} />
      <EditUserDialog user={dialog?.kind === 'edit' ? dialog.user : null} onClose={close} />
      <DeleteUserDialog user={dialog?.kind === 'delete' ? dialog.user : null} onClose={close} />
    </Panel>
  );
}
