import { useCallback, useEffect, useRef, useState } from "react";
import { type ApiError, isTransient, type NetworkError, type OfflineError } from "../errors";

/** What a failed read gives: the typed HTTP failures of lib/errors.ts, or another Error. */
export type LoadError = ApiError | NetworkError | OfflineError | Error;

/** Any thrown value as an Error (the typed ones pass through unchanged). */
export function toLoadError(error: unknown): LoadError {
  return error instanceof Error ? error : new Error(String(error));
}

export interface RemoteDataOptions<T> {
  /**
   * The device's copy for the key, shown at once while the request runs (and kept when it
   * fails); read when the key has nothing on screen yet.
   */
  cached?: (signal: AbortSignal) => Promise<T | null | undefined> | T | null | undefined;
  /** Each copy put on screen: the cached one, then every answer. */
  onData?: (data: T) => void;
  /** A failed request (never an aborted one), with what is on screen for the key. */
  onError?: (error: LoadError, shown: T | undefined) => void;
  /** Fetch again every so many ms while mounted (0 or absent: never). */
  refreshMs?: number;
  /** Fetch again when the browser comes back online. */
  refetchOnline?: boolean;
  /** Keep showing the previous key's data (or the last data while the key is null). */
  keepPrevious?: boolean;
  /** A change fetches the same key again, keeping its data on screen meanwhile. */
  revision?: unknown;
}

export interface RemoteData<T> {
  /** The answer for the key (or its cached copy; the previous key's with keepPrevious). */
  data: T | undefined;
  /** The last request's failure for this key, or null. */
  error: LoadError | null;
  /** The key has no answer and no failure yet (a cached copy may show). */
  isLoading: boolean;
  /** A request runs. */
  isFetching: boolean;
  /** The last request got no answer (network, offline, 5xx, 429). */
  isOffline: boolean;
  /** Fetches again; settles when that request has. */
  reload: () => Promise<void>;
}

interface State<T> {
  key: string | null;
  data: T | undefined;
  error: LoadError | null;
  answered: boolean;
  fetching: boolean;
}

/** Resolves every reload() waiting for the running request. */
function settleAll(waiting: (() => void)[]) {
  for (const resolve of waiting.splice(0)) resolve();
}

const isPromise = <V>(value: unknown): value is Promise<V> =>
  typeof (value as Promise<V> | null)?.then === "function";

/**
 * An online read (BI, indicators, alerts, histories, forms' records...) by key: `null` reads
 * nothing. A new key or unmount aborts the running request and an aborted request's answer
 * never reaches the screen, so a slow answer never overwrites a newer one. Floor lists read
 * through the mirror instead (offline/use-mirrored-list.ts, lib/data-hooks/use-mirror-query.ts).
 */
export function useRemoteData<T>(
  key: string | null,
  fetcher: (signal: AbortSignal) => Promise<T>,
  options: RemoteDataOptions<T> = {},
): RemoteData<T> {
  const { refreshMs = 0, refetchOnline = false, keepPrevious = false, revision } = options;
  const [state, setState] = useState<State<T>>(() => ({
    key: null,
    data: undefined,
    error: null,
    answered: false,
    fetching: false,
  }));
  const [generation, setGeneration] = useState(0);
  // The latest callbacks and what is on screen, read by the running request.
  const latest = useRef({ fetcher, options, state });
  latest.current = { fetcher, options, state };
  const waiting = useRef<(() => void)[]>([]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: generation and revision fetch again.
  useEffect(() => {
    if (key === null) {
      settleAll(waiting.current);
      return;
    }
    const controller = new AbortController();
    const { signal } = controller;
    const show = (data: T) => {
      setState((current) => ({ ...current, key, data }));
      latest.current.options.onData?.(data);
    };
    setState((current) =>
      current.key === key
        ? { ...current, fetching: true }
        : {
            key,
            data: keepPrevious ? current.data : undefined,
            error: null,
            answered: false,
            fetching: true,
          },
    );
    void (async () => {
      const onScreen = latest.current.state;
      let shown = onScreen.key === key ? onScreen.data : undefined;
      const { cached } = latest.current.options;
      if (shown === undefined && cached) {
        const read = cached(signal);
        const copy = isPromise<T | null | undefined>(read) ? await read.catch(() => null) : read;
        if (signal.aborted) return;
        if (copy !== null && copy !== undefined) {
          shown = copy;
          show(copy);
        }
      }
      try {
        const data = await latest.current.fetcher(signal);
        if (signal.aborted) return;
        setState({ key, data, error: null, answered: true, fetching: false });
        latest.current.options.onData?.(data);
      } catch (failure) {
        if (signal.aborted) return;
        const error = toLoadError(failure);
        setState((current) => ({ ...current, key, error, answered: true, fetching: false }));
        latest.current.options.onError?.(error, shown);
      }
      settleAll(waiting.current);
    })();
    return () => controller.abort();
  }, [key, generation, revision]);

  const reload = useCallback(
    () =>
      new Promise<void>((resolve) => {
        waiting.current.push(resolve);
        setGeneration((value) => value + 1);
      }),
    [],
  );

  useEffect(() => {
    if (key === null) return;
    const timer = refreshMs > 0 ? setInterval(() => void reload(), refreshMs) : undefined;
    const handleOnline = () => void reload();
    if (refetchOnline) window.addEventListener("online", handleOnline);
    return () => {
      if (timer) clearInterval(timer);
      window.removeEventListener("online", handleOnline);
    };
  }, [key, refreshMs, refetchOnline, reload]);

  // Unmounted: nobody waits for a reload any more.
  useEffect(() => () => settleAll(waiting.current), []);

  // Until the effect has run, a new key shows as loading (never the old key's data as its own).
  const current = state.key === key;
  const error = current ? state.error : null;
  return {
    data: current || keepPrevious ? state.data : undefined,
    error,
    isLoading: key !== null && !(current && state.answered),
    isFetching: key !== null && (!current || state.fetching),
    isOffline: error !== null && isTransient(error),
    reload,
  };
}
