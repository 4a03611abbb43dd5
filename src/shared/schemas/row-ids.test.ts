import { describe, expect, it } from 'vitest';
import { adminListInput } from './admin';
import { conversationIdInput, listConversationsInput } from './chat';
import { ROW_ID_MAX } from './fields';
import { declineInvitationInput } from './team';

// PostgreSQL cannot even compare an `integer` column with a larger number: such an id must be
// refused as invalid input, not reach a query and fail there with a 500.
describe('row ids and the cursors that carry them', () => {
  it('take ids up to PostgreSQL’s integer, and refuse larger ones', () => {
    expect(conversationIdInput.safeParse({ id: String(ROW_ID_MAX) }).success).toBe(true);
    expect(conversationIdInput.safeParse({ id: String(ROW_ID_MAX + 1) }).success).toBe(false);
    expect(conversationIdInput.safeParse({ id: '99999999999999.99999999999999' }).success).toBe(false);
    expect(declineInvitationInput.safeParse({ idOrToken: ROW_ID_MAX + 1 }).success).toBe(false);
  });

  it('refuse a cursor naming a larger id', () => {
    expect(listConversationsInput.safeParse({ cursor: `1767225600000.${ROW_ID_MAX}` }).success).toBe(true);
    expect(listConversationsInput.safeParse({ cursor: `1767225600000.${ROW_ID_MAX + 1}` }).success).toBe(false);
    expect(adminListInput.safeParse({ cursor: String(ROW_ID_MAX) }).success).toBe(true);
    expect(adminListInput.safeParse({ cursor: '999999999999999' }).success).toBe(false);
  });
});
