import { escapeHtml } from '../escape-html';
import type { MailMessage } from '../mail';

export function invitationLink(appUrl: string, token: string): string {
  return `${appUrl}/accept-invitation?token=${encodeURIComponent(token)}`;
}

/** The e-mail an invitee receives, naming the team and the inviter. */
export function invitationEmail(o: { to: string; teamName: string; inviterName: string; link: string; days: number }): MailMessage {
  // A header carries one line, whatever a team name holds.
  const oneLine = (s: string) => s.replace(/\s+/g, ' ');
  const lines = [
    'Hello,',
    '',
    `${o.inviterName} invited you to join the team "${o.teamName}" on Copydesk, the AI editor for journalists and newsrooms.`,
    '',
    `Open this link within ${o.days} days to accept or decline:`,
    '',
    o.link,
    '',
    'Sign in, or create an account with this e-mail address, to join. If you did not expect this invitation, ignore this e-mail.',
  ];
  return {
    to: o.to,
    subject: oneLine(`${o.inviterName} invited you to join ${o.teamName} on Copydesk`),
    text: `${lines.join('\n')}\n`,
    html:
      `<p>Hello,</p><p>${escapeHtml(o.inviterName)} invited you to join the team <strong>${escapeHtml(o.teamName)}</strong> on Copydesk, the AI editor for journalists and newsrooms.</p>` +
      `<p>Open this link within ${o.days} days to accept or decline:</p><p><a href="${escapeHtml(o.link)}">${escapeHtml(o.link)}</a></p>` +
      '<p>Sign in, or create an account with this e-mail address, to join. If you did not expect this invitation, ignore this e-mail.</p>',
  };
}
