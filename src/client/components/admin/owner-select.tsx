import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { FieldError } from 'react-hook-form';
import { ADMIN_LIMITS, type OwnerChoice } from '~/shared/schemas/admin';

const OWNER_CHOICES_SHOWN = ADMIN_LIMITS.ownerChoices;
import { useSettledSearch } from '../../lib/admin';
import { trpc } from '../../lib/trpc';
import { Field } from '../form-field';
import { Spinner } from '../spinner';
import { SearchBox } from './search-box';
import { Select } from './select';

/**
 * The Create Team owner: only users in no team are offered, searched on the server. The one
 * chosen stays in the list while the admin searches on, so the select never shows another.
 */
export function OwnerSelect({
  name,
  value,
  onChange,
  onBlur,
  error,
}: {
  /** The form's field name: a refused submit finds the first field in error by it. */
  name: string;
  value: string;
  onChange: (ownerId: string) => void;
  onBlur: () => void;
  error?: FieldError;
}) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<OwnerChoice | null>(null);
  const choices = useQuery({
    ...trpc.admin.users.ownerChoices.queryOptions({ search: useSettledSearch(search.trim()) }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const listed = choices.data ?? [];
  const options = chosen && String(chosen.id) === value && !listed.some((c) => c.id === chosen.id) ? [chosen, ...listed] : listed;

  return (
    <div className="space-y-2">
      <Field
        label="Owner"
        error={error}
        hint={
          choices.isFetching ? (
            <span className="inline-flex items-center gap-1.5">
              <Spinner className="size-3" /> Finding users without a team
            </span>
          ) : listed.length >= OWNER_CHOICES_SHOWN ? (
            `Only users who are in no team can own a new one. Showing the first ${OWNER_CHOICES_SHOWN}; search to find others.`
          ) : (
            'Only users who are in no team can own a new one.'
          )
        }
      >
        {(control) => (
          <Select
            {...control}
            name={name}
            value={value}
            onBlur={onBlur}
            onChange={(e) => {
              setChosen(options.find((c) => String(c.id) === e.target.value) ?? null);
              onChange(e.target.value);
            }}
          >
            <option value="">
              {choices.isPending ? 'Loading users...' : options.length ? 'Choose an owner' : 'No users without a team'}
            </option>
            {options.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.username} ({c.email})
              </option>
            ))}
          </Select>
        )}
      </Field>
      <SearchBox label="Search owners" value={search} onChange={setSearch} />
    </div>
  );
}
