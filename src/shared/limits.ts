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
  toastDurationMs: 5000,
  composerMaxHeightPx: 150,
  pinnedPreviewChars: 150,
} as const;

export const RATE_LIMITS = {
  failedLoginsPerAccount: { max: 10, windowMs: 15 * MINUTE_MS },
  failedLoginsPerIp: { max: 30, windowMs: 15 * MINUTE_MS },
  resetEmailsPerAddress: { max: 5, windowMs: HOUR_MS },
} as const;

/** Calls in one tRPC batch; the client's batch link must not send more (`maxItems`). */
export const TRPC_MAX_BATCH = 50;
