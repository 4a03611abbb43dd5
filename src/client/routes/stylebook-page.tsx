import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createLazyRoute } from '@tanstack/react-router';
import { BookOpen, Download, Plus, Search, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { STYLEBOOK_ENTRY_TYPES, STYLEBOOK_TERM_MAX } from '~/shared/schemas/stylebook';
import { AppPage } from '../components/app-page';
import { Button } from '../components/button';
import { Badge, Card } from '../components/card';
import { Input } from '../components/form-field';
import { PageSpinner, Spinner } from '../components/spinner';
import { EntryDialog } from '../components/stylebook/entry-dialog';
import { EntryList } from '../components/stylebook/entry-list';
import { ImportDialog } from '../components/stylebook/import-dialog';
import { serverMessage } from '../lib/errors';
import { ENTRY_KINDS } from '../lib/stylebook';
import { useExportStylebook } from '../lib/stylebook-actions';
import { trpc, type RouterOutputs } from '../lib/trpc';
import { useDebouncedValue } from '../lib/use-debounced-value';

export const stylebookLazyRoute = createLazyRoute('/authed/stylebook')({ component: StylebookPage });

const DESCRIPTION = 'House rules the editor checks every story against, on top of AP style.';
const SEARCH_DELAY_MS = 300;

type StylebookOwner = RouterOutputs['stylebook']['list']['owner'];

const titleOf = (owner: StylebookOwner) => (owner.kind === 'team' && owner.teamName ? `${owner.teamName} stylebook` : 'Your stylebook');

function StylebookPage() {
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const list = useQuery({ ...trpc.stylebook.list.queryOptions({ search: settled }), placeholderData: keepPreviousData });
  const searchBox = useRef<HTMLInputElement>(null);

  if (list.isPending)
    return (
      <AppPage title="Stylebook">
        <PageSpinner label="Loading the stylebook" />
      </AppPage>
    );
  if (list.isError)
    return (
      <AppPage title="Stylebook">
        <Card role="alert" className="p-6 text-center">
          <p className="text-slate-700">{serverMessage(list.error, 'We could not load the stylebook.')}</p>
          <Button variant="outline" className="mt-4" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Card>
      </AppPage>
    );

  const { owner, entries, total } = list.data;
  return (
    <AppPage title={titleOf(owner)} description={DESCRIPTION}>
      <div className="space-y-4">
        {!owner.canEdit && (
          <p className="rounded-xl bg-slate-100 px-4 py-3 text-sm text-slate-700">
            The team owner and team editors keep this stylebook; you can read and search it.
          </p>
        )}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <div className="relative flex-1">
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
            <Input
              ref={searchBox}
              type="search"
              aria-label="Search the stylebook"
              placeholder="Search terms, variants and notes"
              value={search}
              maxLength={STYLEBOOK_TERM_MAX}
              onChange={(e) => setSearch(e.target.value)}
              className="pl-9"
            />
          </div>
          <Toolbar canEdit={owner.canEdit} hasEntries={total > 0} />
        </div>
        <p className="flex items-center gap-2 text-sm text-slate-600" aria-live="polite">
          {settled && total > 0
            ? `${entries.length} of ${total.toLocaleString('en-US')} ${total === 1 ? 'entry' : 'entries'} match`
            : `${total.toLocaleString('en-US')} ${total === 1 ? 'entry' : 'entries'}`}
          {list.isPlaceholderData && <Spinner className="size-4 text-brand-600" />}
        </p>
        {total === 0 ? (
          <EmptyStylebook canEdit={owner.canEdit} />
        ) : entries.length === 0 ? (
          <p className="rounded-xl border border-slate-200 bg-white p-6 text-center text-sm text-slate-600">
            No entries match “{settled}”.
          </p>
        ) : (
          <div aria-busy={list.isPlaceholderData || undefined}>
            <EntryList entries={entries} canEdit={owner.canEdit} onRemoved={() => searchBox.current?.focus()} />
          </div>
        )}
      </div>
    </AppPage>
  );
}

function Toolbar({ canEdit, hasEntries }: { canEdit: boolean; hasEntries: boolean }) {
  const exportCsv = useExportStylebook();
  return (
    <div className="flex flex-wrap gap-2">
      {canEdit && (
        <>
          <EntryDialog
            trigger={
              <Button size="sm">
                <Plus aria-hidden="true" className="size-4" />
                Add entry
              </Button>
            }
          />
          <ImportDialog
            trigger={
              <Button variant="outline" size="sm">
                <Upload aria-hidden="true" className="size-4" />
                Import
              </Button>
            }
          />
        </>
      )}
      {hasEntries && (
        <Button variant="outline" size="sm" loading={exportCsv.isPending} onClick={() => exportCsv.mutate()}>
          {!exportCsv.isPending && <Download aria-hidden="true" className="size-4" />}
          Export CSV
        </Button>
      )}
    </div>
  );
}

function EmptyStylebook({ canEdit }: { canEdit: boolean }) {
  return (
    <Card className="p-6">
      <div className="flex items-start gap-3">
        <span className="rounded-lg bg-slate-100 p-2 text-slate-700">
          <BookOpen aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2>No entries yet</h2>
          <p className="mt-1 text-sm text-slate-600">
            {canEdit
              ? 'Teach the editor how your newsroom writes: add entries one by one, or import a CSV or Vale rules. Each entry is one of three kinds.'
              : 'When the team owner or a team editor adds entries, the editor checks every story against them. Each entry is one of three kinds.'}
          </p>
        </div>
      </div>
      <dl className="mt-5 grid gap-4 sm:grid-cols-3">
        {STYLEBOOK_ENTRY_TYPES.map((kind) => (
          <div key={kind} className="rounded-xl bg-slate-50 p-4">
            <dt>
              <Badge tone={ENTRY_KINDS[kind].tone}>{ENTRY_KINDS[kind].label}</Badge>
            </dt>
            <dd className="mt-2 text-sm text-slate-700">{ENTRY_KINDS[kind].explanation}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
