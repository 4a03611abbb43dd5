/** Every time-dependent rule reads time through this, so tests can move it. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export function fixedClock(start: Date | string = '2026-01-01T00:00:00Z') {
  let now = new Date(start).getTime();
  const clock: Clock & { advance(ms: number): void; set(d: Date | string): void } = Object.assign(() => new Date(now), {
    advance(ms: number) {
      now += ms;
    },
    set(d: Date | string) {
      now = new Date(d).getTime();
    },
  });
  return clock;
}
