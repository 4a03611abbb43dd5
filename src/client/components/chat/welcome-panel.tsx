import { FileUp, MessagesSquare, Pin, Sparkles } from 'lucide-react';
import type { PublicUser } from '../../lib/api-types';
import { coveredByLabel, useTeamCover } from '../../lib/coverage';
import { Badge } from '../card';
import { LogoMark } from '../logo';
import { BriefMarkdown } from './brief-markdown';

/** The user's plan as the welcome panel shows it: their plan's name, else Basic. */
export function planLabel(user: Pick<PublicUser, 'subscriptionPlan'>): string {
  const plan = user.subscriptionPlan?.trim();
  if (!plan) return 'Basic';
  return plan.charAt(0).toUpperCase() + plan.slice(1);
}

const TIPS = [
  { icon: MessagesSquare, text: 'Paste a story and ask for an edit, headlines, a caption or social posts.' },
  { icon: Sparkles, text: 'Use a quick action to tighten, clarify or simplify your copy in one click.' },
  { icon: FileUp, text: 'Upload a document (pdf, doc, docx, txt, csv, md) for editorial feedback.' },
  { icon: Pin, text: 'Pin the answers you want to keep close at hand.' },
];

/** Shown in an empty conversation: who the editor is, the user's plan and what it can do. */
export function WelcomePanel({
  user,
  capabilities,
  capabilitiesLoading,
}: {
  user: PublicUser;
  capabilities: string;
  capabilitiesLoading: boolean;
}) {
  const cover = useTeamCover(user);
  const ownPlan = user.subscriptionStatus === 'active' || user.subscriptionStatus === 'trialing';
  return (
    <section aria-labelledby="welcome-title" className="mx-auto max-w-2xl py-6 sm:py-10">
      <div className="flex flex-col items-center text-center">
        <LogoMark className="size-12 rounded-xl [&_svg]:size-6" />
        <h2 id="welcome-title" className="mt-4 text-2xl sm:text-3xl">
          Welcome to your editing desk, {user.username}
        </h2>
        <p className="mt-2 flex flex-wrap items-center justify-center gap-2 text-sm text-slate-600">
          Your plan: <Badge tone="brand">{planLabel(cover && !ownPlan ? { subscriptionPlan: cover.plan } : user)}</Badge>
          {cover && <span>{coveredByLabel(cover.teamName)}</span>}
        </p>
      </div>
      <ul className="mt-8 grid gap-3 sm:grid-cols-2">
        {TIPS.map(({ icon: Icon, text }) => (
          <li
            key={text}
            className="flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-700 shadow-xs"
          >
            <Icon aria-hidden="true" className="mt-0.5 size-4.5 shrink-0 text-brand-600" />
            {text}
          </li>
        ))}
      </ul>
      <div className="mt-6 rounded-xl border border-slate-200 bg-slate-50 p-4" aria-busy={capabilitiesLoading || undefined}>
        <h3 className="heading-label mb-2">What your editor can do</h3>
        {capabilitiesLoading ? (
          <div className="space-y-2" aria-hidden="true">
            <div className="h-3 w-11/12 animate-pulse rounded bg-slate-200" />
            <div className="h-3 w-9/12 animate-pulse rounded bg-slate-200" />
          </div>
        ) : (
          <BriefMarkdown className="text-sm">{capabilities}</BriefMarkdown>
        )}
      </div>
    </section>
  );
}
