import { escapeHtml } from '../escape-html';
import type { MailMessage } from '../mail';

/** Paragraphs of plain text, the one link among them shown as a link in the HTML part. */
function message(to: string, subject: string, paragraphs: string[], link?: string): MailMessage {
  const html = paragraphs
    .map((p) => (p === link ? `<p><a href="${escapeHtml(p)}">${escapeHtml(p)}</a></p>` : `<p>${escapeHtml(p)}</p>`))
    .join('');
  return { to, subject, text: `${paragraphs.join('\n\n')}\n`, html };
}

export function resetEmail(o: { to: string; username: string; link: string }): MailMessage {
  return message(
    o.to,
    'Reset your Copydesk password',
    [
      `Hello ${o.username},`,
      'Someone asked to reset the password of your Copydesk account. Open this link within one hour to choose a new one:',
      o.link,
      'If you did not ask, ignore this e-mail; your password stays as it is.',
    ],
    o.link,
  );
}

export function verificationEmail(o: { to: string; username: string; link: string }): MailMessage {
  return message(
    o.to,
    'Verify your email address for Copydesk',
    [
      `Hello ${o.username},`,
      'Open this link within 24 hours to verify the e-mail address of your Copydesk account:',
      o.link,
      'Until it is verified, you can join a team only through the link in its invitation e-mail. If you did not create a Copydesk account, ignore this e-mail.',
    ],
    o.link,
  );
}

/** Sent to the address an admin replaced, so the owner learns of the change wherever they still read mail. */
export function addressChangedEmail(o: { to: string; username: string; newAddress: string; adminUsername: string; at: Date }): MailMessage {
  return message(o.to, 'The email address of your Copydesk account was changed', [
    `Hello ${o.username},`,
    `The administrator ${o.adminUsername} changed the e-mail address of your Copydesk account from ${o.to} to ${o.newAddress} on ${o.at.toUTCString()}.`,
    'You have been signed out everywhere. The new address must be verified before a password reset link can be sent to it.',
    'If you did not ask for this change, contact your Copydesk administrator or your newsroom now. An administrator can send a password reset link to this address.',
  ]);
}
