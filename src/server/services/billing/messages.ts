/** Answers the subscribe page and the REST contract rely on word for word. */
export const ALREADY_ACTIVE = 'Subscription already active';
export const NOTHING_TO_CANCEL = 'No active subscription to cancel';
export const TEAM_SUSPENDED_NO_SUBSCRIBE = "This team's access is suspended. An administrator has to reactivate it.";
