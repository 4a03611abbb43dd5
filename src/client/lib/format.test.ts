import { afterEach, describe, expect, it, vi } from 'vitest';

const RealDateTimeFormat = Intl.DateTimeFormat;

afterEach(() => {
  Intl.DateTimeFormat = RealDateTimeFormat;
  vi.resetModules();
});

describe('date formats', () => {
  it('makes no Intl formatter until a date is shown, then reuses it', async () => {
    let made = 0;
    Intl.DateTimeFormat = class extends RealDateTimeFormat {
      constructor(...args: ConstructorParameters<typeof RealDateTimeFormat>) {
        super(...args);
        made++;
      }
    } as typeof Intl.DateTimeFormat;
    const { formatLongDate } = await import('./format');
    expect(made).toBe(0);

    const expected = new RealDateTimeFormat(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
    expect(formatLongDate('2026-11-30T12:00:00Z')).toBe(expected.format(new Date('2026-11-30T12:00:00Z')));
    expect(formatLongDate(new Date('2026-06-05T12:00:00Z'))).toBe(expected.format(new Date('2026-06-05T12:00:00Z')));
    expect(made).toBe(1);
  });

  it('shows nothing for a missing or invalid date', async () => {
    const { formatLongDate, formatMonthDay, formatDateTime } = await import('./format');
    expect(formatLongDate(null)).toBeNull();
    expect(formatLongDate('not a date')).toBeNull();
    expect(formatMonthDay('')).toBe('');
    expect(formatDateTime('soon')).toBe('soon');
  });
});
