import { useEffect, useMemo, useState } from "react";
import { debounce } from "./debounce";

/**
 * `value`, settled: it follows `value` once `wait` ms pass without a change, or at the latest
 * `maxWait` ms after the first change of a burst.
 */
export function useDebouncedValue<T>(value: T, wait: number, maxWait?: number): T {
  const [settled, setSettled] = useState(value);
  const update = useMemo(
    () => debounce((next: T) => setSettled(() => next), wait, { maxWait }),
    [wait, maxWait],
  );
  useEffect(() => {
    update(value);
  }, [update, value]);
  useEffect(() => () => update.cancel(), [update]);
  return settled;
}
