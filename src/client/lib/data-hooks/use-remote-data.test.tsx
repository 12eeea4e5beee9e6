import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, NetworkError } from "../errors";
import { useRemoteData } from "./use-remote-data";

/** A request the test answers by hand, recording its signal. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("useRemoteData", () => {
  it("aborts the running request when the key changes, and its late answer never shows", async () => {
    const requests = new Map<string, ReturnType<typeof deferred<string>>>();
    const signals = new Map<string, AbortSignal>();
    const { result, rerender } = renderHook(
      ({ key }: { key: string }) =>
        useRemoteData(key, (signal) => {
          const request = deferred<string>();
          requests.set(key, request);
          signals.set(key, signal);
          return request.promise;
        }),
      { initialProps: { key: "a" } },
    );
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(requests.has("a")).toBe(true));

    rerender({ key: "b" });
    await waitFor(() => expect(requests.has("b")).toBe(true));
    expect(signals.get("a")?.aborted).toBe(true);
    expect(signals.get("b")?.aborted).toBe(false);

    await act(async () => requests.get("b")?.resolve("answer b"));
    expect(result.current.data).toBe("answer b");
    // The first key's answer arrives last: the newer one stays.
    await act(async () => requests.get("a")?.resolve("answer a"));
    expect(result.current.data).toBe("answer b");
    expect(result.current.isLoading).toBe(false);
    expect(result.current.error).toBeNull();
  });

  it("aborts on unmount", async () => {
    let seen: AbortSignal | undefined;
    const { unmount } = renderHook(() =>
      useRemoteData("k", (signal) => {
        seen = signal;
        return new Promise<string>(() => {});
      }),
    );
    await waitFor(() => expect(seen).toBeDefined());
    unmount();
    expect(seen?.aborted).toBe(true);
  });

  it("reports a failure as a typed error, offline for no answer, and keeps the cached copy", async () => {
    const onError = vi.fn();
    const { result } = renderHook(() =>
      useRemoteData("k", () => Promise.reject(new NetworkError()), {
        cached: () => "copy",
        onError,
      }),
    );
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.error).toBeInstanceOf(NetworkError);
    expect(result.current.isOffline).toBe(true);
    expect(result.current.data).toBe("copy");
    expect(onError).toHaveBeenCalledWith(expect.any(NetworkError), "copy");
  });

  it("keeps an ApiError as it is (not offline) and clears it after a good answer on reload", async () => {
    let fail = true;
    const { result } = renderHook(() =>
      useRemoteData("k", async () => {
        if (fail) throw new ApiError(404, { code: "not_found", message: "Not found." });
        return 7;
      }),
    );
    await waitFor(() => expect(result.current.error).toBeInstanceOf(ApiError));
    expect((result.current.error as ApiError).status).toBe(404);
    expect(result.current.isOffline).toBe(false);
    expect(result.current.data).toBeUndefined();
    fail = false;
    let reloaded = false;
    act(() => {
      void result.current.reload().then(() => {
        reloaded = true;
      });
    });
    await waitFor(() => expect(reloaded).toBe(true));
    expect(result.current.error).toBeNull();
    expect(result.current.data).toBe(7);
  });

  it("reads nothing for a null key; keepPrevious keeps the last data meanwhile", async () => {
    const fetcher = vi.fn(async () => "one");
    const { result, rerender } = renderHook(
      ({ key }: { key: string | null }) => useRemoteData(key, fetcher, { keepPrevious: true }),
      { initialProps: { key: "one" as string | null } },
    );
    await waitFor(() => expect(result.current.data).toBe("one"));
    rerender({ key: null });
    expect(result.current.data).toBe("one");
    expect(result.current.isLoading).toBe(false);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it("fetches again on its period and when the browser comes online", async () => {
    vi.useFakeTimers();
    const fetcher = vi.fn(async () => "x");
    renderHook(() => useRemoteData("k", fetcher, { refreshMs: 1000, refetchOnline: true }));
    await act(async () => {});
    expect(fetcher).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTime(1000));
    expect(fetcher).toHaveBeenCalledTimes(2);
    await act(async () => window.dispatchEvent(new Event("online")));
    expect(fetcher).toHaveBeenCalledTimes(3);
  });
});
