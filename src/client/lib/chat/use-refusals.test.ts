import { describe, expect, it } from 'vitest';
import { uploadFailureOf } from './use-refusals';

describe('uploadFailureOf', () => {
  it('reads a suspended team, with its name when the server gave one', () => {
    expect(uploadFailureOf({ ok: false, status: 403, message: 'Suspended', code: 'TEAM_SUSPENDED', teamName: 'Metro' })).toEqual({
      kind: 'team-suspended',
      teamName: 'Metro',
    });
    expect(uploadFailureOf({ ok: false, status: 403, message: null, code: 'TEAM_SUSPENDED' })).toEqual({
      kind: 'team-suspended',
      teamName: '',
    });
  });

  it('reads a lapsed subscription', () => {
    expect(uploadFailureOf({ ok: false, status: 403, message: null, code: 'SUBSCRIPTION_REQUIRED' })).toEqual({
      kind: 'subscription-required',
    });
  });

  it('leaves any other refusal to the upload', () => {
    expect(uploadFailureOf({ ok: false, status: 413, message: 'Too large' })).toEqual({ kind: 'other' });
    expect(uploadFailureOf({ ok: false, status: 0, message: null })).toEqual({ kind: 'other' });
  });
});
