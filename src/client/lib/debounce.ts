/**
 * Trailing-edge debounce with a maximum wait (spec section 5: 500 ms, at most 5 s): the call
 * runs `wait` ms after the last trigger, but never later than `maxWait` ms after the first
 * trigger of a burst, so steady typing still searches every few seconds.
 */
export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  /** Drops the pending call. */
  cancel(): void;
  /** Runs the pending call now, if any. */
  flush(): void;
  pending(): boolean;
}

export interface DebounceOptions {
  /** Longest delay from the first trigger of a burst; none when omitted. */
  maxWait?: number;
}

export function debounce<A extends unknown[]>(
  fn: (...args: A) => void,
  wait: number,
  options: DebounceOptions = {},
): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let burstStart: number | undefined;
  let lastArgs: A | undefined;

  const run = () => {
    const args = lastArgs;
    timer = undefined;
    burstStart = undefined;
    lastArgs = undefined;
    if (args) fn(...args);
  };

  const debounced = ((...args: A) => {
    const now = Date.now();
    lastArgs = args;
    burstStart ??= now;
    if (timer !== undefined) clearTimeout(timer);
    const untilMax =
      options.maxWait === undefined ? wait : Math.max(0, burstStart + options.maxWait - now);
    timer = setTimeout(run, Math.min(wait, untilMax));
  }) as Debounced<A>;

  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    burstStart = undefined;
    lastArgs = undefined;
  };
  debounced.flush = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    run();
  };
  debounced.pending = () => timer !== undefined;
  return debounced;
}
