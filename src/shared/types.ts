/** The User shape of API.md: what the server sends, never a hash. */
export interface PublicUser {
  id: number;
  username: string;
  email: string;
  /** The owner proved they read `email` (a verification or invitation link). */
  emailVerified: boolean;
  isAdmin: boolean;
  subscriptionStatus: string;
  subscriptionPlan: string | null;
  subscriptionRenewalDate: string | null;
  teamId: number | null;
  /** The plan ends at subscriptionRenewalDate instead of renewing. */
  cancelAtPeriodEnd: boolean;
  createdAt: string;
}
