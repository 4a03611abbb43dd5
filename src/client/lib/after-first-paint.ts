/** The longest to wait: a tab opened in the background paints nothing until it is shown. */
const FIRST_PAINT_WAIT_MS = 1000;

/** Resolves once the page has shown its first content (at once if it has already), or after a second at most. */
export function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    let observer: PerformanceObserver | undefined;
    const done = () => {
      clearTimeout(timer);
      observer?.disconnect();
      resolve();
    };
    const timer = setTimeout(done, FIRST_PAINT_WAIT_MS);
    try {
      observer = new PerformanceObserver((entries) => {
        if (entries.getEntriesByName('first-contentful-paint').length) done();
      });
      observer.observe({ type: 'paint', buffered: true });
    } catch {
      done();
    }
  });
}
