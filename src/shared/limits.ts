export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export const LIMITS = {
  usernameMin: 3,
  adminUsernameMin: 2,
  registerPasswordMin: 8,
  passwordMin: 6,
  teamNameMin: 2,
  defaultTeamSeats: 5,
  usernameMax: 50,
  emailMax: 254,
  passwordMax: 256,
  resetLinkLifetimeMs: HOUR_MS,
  verificationLinkLifetimeMs: DAY_MS,
  /** After an admin sets an account's address, its resets and first sign-in are logged and linked to that change this long. */
  adminChangeWatchMs: 30 * DAY_MS,
  toastDurationMs: 5000,
  composerMaxHeightPx: 150,
  pinnedPreviewChars: 150,
  /** A browser that signed in is "known" to that account this long after its last sign-in. */
  knownDeviceLifetimeMs: 180 * DAY_MS,
} as const;

/**
 * Sliding windows; each answers 429 with Retry-After. "Per address" is the
 * client's network address (an IPv6 /64). Login failures from a browser that
 * signed in to the account before count only against that browser
 * (docs/decisions/011-login-throttling-spares-known-devices.md, 035-known-device-cookies-rotate.md).
 */
export const RATE_LIMITS = {
  failedLoginsPerAccount: { max: 10, windowMs: 15 * MINUTE_MS },
  /** The slower path: past this, an unknown browser waits out the day, or uses a reset link. */
  failedLoginsPerAccountPerDay: { max: 30, windowMs: DAY_MS },
  failedLoginsPerIp: { max: 30, windowMs: 15 * MINUTE_MS },
  failedLoginsPerKnownDevice: { max: 10, windowMs: 15 * MINUTE_MS },
  /** A known device's failures away from the address it last signed in from; past these it meets the account's and address's limits. */
  failedLoginsPerKnownDeviceAway: { max: 3, windowMs: DAY_MS },
  /** Default of REGISTRATIONS_PER_HOUR. */
  registrationsPerIp: { max: 10, windowMs: HOUR_MS },
  resetEmailsPerAddress: { max: 5, windowMs: HOUR_MS },
  resetRequestsPerIp: { max: 20, windowMs: HOUR_MS },
  verificationEmailsPerAccount: { max: 5, windowMs: HOUR_MS },
  adminResetEmailsPerAccount: { max: 5, windowMs: HOUR_MS },
  conversationsPerUser: { max: 100, windowMs: HOUR_MS },
  promoChecksPerUser: { max: 10, windowMs: 15 * MINUTE_MS },
  promoChecksPerIp: { max: 30, windowMs: 15 * MINUTE_MS },
} as const;

/** Calls in one tRPC batch; the client's batch link must not send more (`maxItems`). */
export const TRPC_MAX_BATCH = 50;
