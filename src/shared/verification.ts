// No zod here: the banner on every signed-in page reads these, and zod loads only with a form.
/** What the server and the page say about verifying an address. */
export const VERIFICATION_MESSAGES = {
  invalidToken: 'Invalid or expired verification link',
  sent: 'Verification email sent. Check your inbox.',
  alreadyVerified: 'Your email address is already verified.',
  tooMany: 'Too many verification emails. Please try again later.',
  verified: 'Your email address is verified',
  banner: 'Your email address is not verified. Open the link we emailed to it, or get a new one.',
  invitationsNeedVerifiedAddress: 'Verify your email address to accept invitations here, or open the link in the invitation email.',
} as const;
