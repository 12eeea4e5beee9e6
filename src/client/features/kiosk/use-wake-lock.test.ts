import { cleanup, renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useWakeLock } from "./use-wake-lock";

/** A sentinel the test can release, as the browser does when the page is hidden. */
function fakeSentinel() {
  const sentinel = {
    released: false,
    release: vi.fn(async () => {
      sentinel.released = true;
    }),
  };
  return sentinel;
}

function installWakeLock(request: () => Promise<unknown>) {
  const api = { request: vi.fn(request) };
  Object.defineProperty(navigator, "wakeLock", { configurable: true, value: api });
  return api;
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, "visibilityState", { configurable: true, value: state });
  document.dispatchEvent(new Event("visibilitychange"));
}

afterEach(() => {
  cleanup();
  Reflect.deleteProperty(navigator, "wakeLock");
  Reflect.deleteProperty(document, "visibilityState");
  vi.restoreAllMocks();
});

describe("useWakeLock", () => {
  it("requests a screen lock and releases it on unmount", async () => {
    const sentinel = fakeSentinel();
    const api = installWakeLock(async () => sentinel);
    const { unmount } = renderHook(() => useWakeLock(true));
    await waitFor(() => expect(api.request).toHaveBeenCalledWith("screen"));
    unmount();
    await waitFor(() => expect(sentinel.release).toHaveBeenCalledOnce());
  });

  it("re-acquires the lock when the page becomes visible again", async () => {
    const sentinels = [fakeSentinel(), fakeSentinel()];
    let next = 0;
    const api = installWakeLock(async () => sentinels[next++]);
    renderHook(() => useWakeLock(true));
    await waitFor(() => expect(api.request).toHaveBeenCalledTimes(1));
    // Hidden: the browser releases the lock; no request while hidden.
    const [first] = sentinels;
    if (first) first.released = true;
    setVisibility("hidden");
    expect(api.request).toHaveBeenCalledTimes(1);
    setVisibility("visible");
    await waitFor(() => expect(api.request).toHaveBeenCalledTimes(2));
    // Visible again while the lock is held: nothing to do.
    setVisibility("visible");
    expect(api.request).toHaveBeenCalledTimes(2);
  });

  it("tolerates a refusal and tries again at the next visibility change", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const sentinel = fakeSentinel();
    const api = installWakeLock(async () => sentinel);
    api.request.mockRejectedValueOnce(new DOMException("Battery saver", "NotAllowedError"));
    renderHook(() => useWakeLock(true));
    await waitFor(() => expect(console.warn).toHaveBeenCalledOnce());
    setVisibility("visible");
    await waitFor(() => expect(api.request).toHaveBeenCalledTimes(2));
  });

  it("does nothing without the API or when disabled", () => {
    expect(() => renderHook(() => useWakeLock(true))).not.toThrow();
    const api = installWakeLock(async () => fakeSentinel());
    renderHook(() => useWakeLock(false));
    expect(api.request).not.toHaveBeenCalled();
  });
});
