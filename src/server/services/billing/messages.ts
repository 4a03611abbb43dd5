/** Answers the subscribe page and the REST contract rely on word for word. */
export const ALREADY_ACTIVE = 'Subscription already active';
export const NOTHING_TO_CANCEL = 'No active subscription to cancel';
