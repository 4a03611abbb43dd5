import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Terminal, Trash2 } from 'lucide-react';
import { useState } from 'react';
import {
  API_TOKEN_NAME_MAX,
  MAX_API_TOKENS,
  createApiTokenInput,
  type ApiTokenScope,
  type CreateApiTokenInput,
} from '~/shared/schemas/api-tokens';
import { useForm } from '../lib/form';
import type { RouterOutputs } from '../lib/trpc';
import { serverMessage } from '../lib/errors';
import { formatLongDate } from '../lib/format';
import { toast } from '../lib/toast';
import { trpc } from '../lib/trpc';
import { Select } from './admin/select';
import { Button } from './button';
import { Badge, Section } from './card';
import { ConfirmDialog } from './confirm-dialog';
import { CopyTextButton } from './copy-text-button';
import { Field, Input } from './form-field';
import { QueryContent } from './query-content';

type ApiToken = RouterOutputs['apiTokens']['list'][number];

const SCOPE_LABELS: Record<ApiTokenScope, string> = {
  read: 'Read: queries only',
  write: 'Write: queries and changes',
  admin: 'Admin: everything, admin console included',
};

const COLUMNS = ['Name', 'Access', 'Created', 'Expires', 'Last used'];

const EXPIRY_CHOICES = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '365 days' },
  { value: 'never', label: 'No expiry' },
];

/** Settings' API tokens: made here, shown once, listed and revoked; scripts send them as `Authorization: Bearer`. */
export function ApiTokensSection({ isAdmin }: { isAdmin: boolean }) {
  const tokens = useQuery(trpc.apiTokens.list.queryOptions());
  const [shown, setShown] = useState<{ name: string; token: string } | null>(null);
  return (
    <Section
      title="API tokens"
      titleId="api-tokens-title"
      description="Tokens let scripts and integrations call Copydesk's API as you. Send one as Authorization: Bearer <token>."
      icon={<Terminal aria-hidden="true" className="size-5" />}
    >
      <div className="space-y-6">
        {shown ? <NewToken {...shown} onDone={() => setShown(null)} /> : <CreateTokenForm isAdmin={isAdmin} onCreated={setShown} />}
        <QueryContent query={tokens} loading="Loading API tokens" failure="Could not load your API tokens">
          {(list) => <TokenList tokens={list} />}
        </QueryContent>
      </div>
    </Section>
  );
}

function CreateTokenForm({ isAdmin, onCreated }: { isAdmin: boolean; onCreated: (made: { name: string; token: string }) => void }) {
  const queryClient = useQueryClient();
  const { register, handleSubmit, formState, reset } = useForm<CreateApiTokenInput>({
    resolver: zodResolver(createApiTokenInput),
    defaultValues: { name: '', scope: 'read', expiresInDays: 90 },
  });
  const create = useMutation({
    ...trpc.apiTokens.create.mutationOptions(),
    onSuccess: ({ token, apiToken }) => {
      void queryClient.invalidateQueries({ queryKey: trpc.apiTokens.list.queryKey() });
      toast({ title: 'API Token Created', description: 'Copy it now: it will not be shown again.', variant: 'success' });
      reset();
      onCreated({ name: apiToken.name, token });
    },
    onError: (error) =>
      toast({ title: 'Could Not Create Token', description: serverMessage(error, 'An unexpected error occurred'), variant: 'destructive' }),
  });
  const { errors } = formState;
  return (
    <form
      noValidate
      className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-start"
      onSubmit={(e) => void handleSubmit((v) => create.mutate(v))(e)}
    >
      <Field label="Token name" error={errors.name} hint="What the token is for, such as “CMS hook”.">
        {(control) => <Input {...control} {...register('name')} maxLength={API_TOKEN_NAME_MAX} autoComplete="off" />}
      </Field>
      <Field label="Access" error={errors.scope}>
        {(control) => (
          <Select {...control} {...register('scope')}>
            {(['read', 'write', ...(isAdmin ? (['admin'] as const) : [])] as const).map((scope) => (
              <option key={scope} value={scope}>
                {SCOPE_LABELS[scope]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Expires" error={errors.expiresInDays}>
        {(control) => (
          <Select
            {...control}
            {...register('expiresInDays', { setValueAs: (v: string | number | null) => (v === 'never' || v === null ? null : Number(v)) })}
          >
            {EXPIRY_CHOICES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Button type="submit" loading={create.isPending} className="sm:mt-6">
        Create Token
      </Button>
    </form>
  );
}

function NewToken({ name, token, onDone }: { name: string; token: string; onDone: () => void }) {
  return (
    <div role="status" className="space-y-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4">
      <p className="text-sm font-medium text-emerald-900">
        Your new token “{name}”. Copy it now: Copydesk keeps only a hash and cannot show it again.
      </p>
      <code
        data-testid="new-api-token"
        className="block overflow-x-auto rounded-lg bg-white px-3 py-2 font-mono text-sm break-all text-slate-900"
      >
        {token}
      </code>
      <div className="flex gap-2">
        <CopyTextButton text={token} copiedTitle="Token Copied" failedTitle="Could Not Copy Token">
          Copy
        </CopyTextButton>
        <Button variant="ghost" size="sm" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

function TokenList({ tokens }: { tokens: ApiToken[] }) {
  if (tokens.length === 0) return <p className="text-sm text-slate-600">You have no API tokens yet.</p>;
  return (
    <div className="space-y-2">
      <p className="text-xs text-slate-500">
        {tokens.length} of {MAX_API_TOKENS} tokens
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="text-xs text-slate-500 uppercase">
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className="py-2 pr-4 font-medium">
                  {column}
                </th>
              ))}
              <th scope="col" className="py-2 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {tokens.map((token) => (
              <TokenRow key={token.id} token={token} />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function TokenRow({ token }: { token: ApiToken }) {
  const queryClient = useQueryClient();
  const revoke = useMutation({
    ...trpc.apiTokens.revoke.mutationOptions(),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: trpc.apiTokens.list.queryKey() });
      toast({ title: 'API Token Revoked', description: `“${token.name}” no longer works.`, variant: 'success' });
    },
    onError: (error) =>
      toast({ title: 'Could Not Revoke Token', description: serverMessage(error, 'An unexpected error occurred'), variant: 'destructive' }),
  });
  const expired = token.expiresAt !== null && new Date(token.expiresAt).getTime() <= Date.now();
  return (
    <tr>
      <td className="py-2 pr-4 font-medium text-slate-900">{token.name}</td>
      <td className="py-2 pr-4">
        <Badge tone={token.scope === 'admin' ? 'amber' : 'neutral'}>{token.scope}</Badge>
      </td>
      <td className="py-2 pr-4 text-slate-600">{formatLongDate(token.createdAt)}</td>
      <td className="py-2 pr-4 text-slate-600">
        {expired ? <Badge tone="red">Expired</Badge> : (formatLongDate(token.expiresAt) ?? 'Never')}
      </td>
      <td className="py-2 pr-4 text-slate-600">{formatLongDate(token.lastUsedAt) ?? 'Never'}</td>
      <td className="py-2 text-right">
        <ConfirmDialog
          title={`Revoke “${token.name}”?`}
          description="Scripts using this token will get 401 from their next call. This cannot be undone."
          confirmLabel="Revoke Token"
          destructive
          onConfirm={() => revoke.mutate({ id: token.id })}
          trigger={
            <Button variant="outline" size="sm" loading={revoke.isPending} className="text-red-700 hover:bg-red-50 hover:text-red-800">
              <Trash2 aria-hidden="true" className="size-4" />
              Revoke<span className="sr-only"> {token.name}</span>
            </Button>
          }
        />
      </td>
    </tr>
  );
}
