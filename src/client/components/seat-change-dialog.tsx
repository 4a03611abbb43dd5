import * as Dialog from '@radix-ui/react-dialog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { seatChangePreviewInput, TEAM_SEAT_MESSAGES, type SeatChangePreview } from '~/shared/schemas/team-seats';
import { serverMessage } from '../lib/errors';
import { formatLongDate } from '../lib/format';
import { refreshTeamData } from '../lib/team';
import { toast } from '../lib/toast';
import { trpc } from '../lib/trpc';
import { Button } from './button';
import { Detail } from './card';
import { DialogFrame } from './dialog-frame';
import { Field, Input } from './form-field';
import { InlineSpinner } from './spinner';

const formatCents = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

/**
 * The owner's seat change: a count, then what it costs (Stripe's prorated amount) before it is
 * confirmed; with local billing the change applies directly.
 */
export function SeatChangeDialog({ team, trigger }: { team: { maxSeats: number; usedSeats: number }; trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [asked, setAsked] = useState<number | null>(null);

  function openChange(next: boolean) {
    setOpen(next);
    if (next) {
      setDraft(String(team.maxSeats + 1));
      setError(null);
      setAsked(null);
    }
  }

  function review(event: FormEvent) {
    event.preventDefault();
    const parsed = seatChangePreviewInput.safeParse({ seats: draft.trim() === '' ? NaN : Number(draft) });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? TEAM_SEAT_MESSAGES.seatsWhole);
    if (parsed.data.seats < team.usedSeats) return setError(TEAM_SEAT_MESSAGES.belowMembers(team.usedSeats));
    if (parsed.data.seats === team.maxSeats) return setError(TEAM_SEAT_MESSAGES.unchanged(team.maxSeats));
    setError(null);
    setAsked(parsed.data.seats);
  }

  return (
    <Dialog.Root open={open} onOpenChange={openChange}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <DialogFrame title="Change seats" description={`Your team has ${team.maxSeats} seats; ${team.usedSeats} are in use.`}>
        {asked == null ? (
          <SeatCountForm draft={draft} error={error} usedSeats={team.usedSeats} onDraft={setDraft} onSubmit={review} />
        ) : (
          <SeatChangeReview seats={asked} onBack={() => setAsked(null)} onDone={() => setOpen(false)} />
        )}
      </DialogFrame>
    </Dialog.Root>
  );
}

function SeatCountForm(o: {
  draft: string;
  error: string | null;
  usedSeats: number;
  onDraft: (value: string) => void;
  onSubmit: (event: FormEvent) => void;
}) {
  return (
    <form noValidate onSubmit={o.onSubmit} className="space-y-5">
      <Field
        label="Seats"
        error={o.error ? { type: 'validate', message: o.error } : undefined}
        hint={`At least ${o.usedSeats}, one for each member.`}
      >
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={o.usedSeats}
            step={1}
            value={o.draft}
            onChange={(e) => o.onDraft(e.target.value)}
            autoFocus
          />
        )}
      </Field>
      <Button type="submit" className="w-full">
        Review change
      </Button>
    </form>
  );
}

function SeatChangeReview({ seats, onBack, onDone }: { seats: number; onBack: () => void; onDone: () => void }) {
  const queryClient = useQueryClient();
  const preview = useQuery({ ...trpc.team.seatChangePreview.queryOptions({ seats }), staleTime: 0, gcTime: 0, retry: false });
  const change = useMutation(trpc.team.changeSeats.mutationOptions());
  const headingId = useId();

  async function confirm(data: SeatChangePreview) {
    try {
      const result = await change.mutateAsync({ seats, ...(data.prorationDate ? { prorationDate: data.prorationDate } : {}) });
      await refreshTeamData(queryClient);
      toast({ title: 'Seats changed', description: result.message, variant: 'success' });
      onDone();
    } catch {
      // Shown below the summary.
    }
  }

  if (preview.isPending) return <InlineSpinner label="Working out the cost" />;
  if (preview.isError)
    return (
      <div className="space-y-5">
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {serverMessage(preview.error, 'We could not work out the cost. Please try again.')}
        </p>
        <Button variant="outline" className="w-full" onClick={onBack}>
          Back
        </Button>
      </div>
    );

  const data = preview.data;
  return (
    <section aria-labelledby={headingId} className="space-y-5">
      <h3 id={headingId} className="text-base font-semibold">
        From {data.currentSeats} to {data.seats} seats
      </h3>
      {data.billed ? (
        <dl className="grid grid-cols-2 gap-4">
          <Detail label={data.proratedAmount < 0 ? 'Credit on next invoice' : 'Added to next invoice'}>
            {formatCents(Math.abs(data.proratedAmount), data.currency)}
          </Detail>
          <Detail label="Then each month">{formatCents(data.monthlyAmount, data.currency)}</Detail>
        </dl>
      ) : null}
      <p className="text-sm text-slate-600">
        {data.billed
          ? `The prorated amount covers the rest of this period and is billed on ${formatLongDate(data.nextInvoiceDate) ?? 'your next invoice'}.`
          : 'Billing is handled outside Copydesk, so nothing is charged here. The new seats apply at once.'}
      </p>
      {change.isError && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {serverMessage(change.error, 'The seats could not be changed. Please try again.')}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onBack} disabled={change.isPending}>
          Back
        </Button>
        <Button loading={change.isPending} onClick={() => void confirm(data)}>
          Confirm change
        </Button>
      </div>
    </section>
  );
}
