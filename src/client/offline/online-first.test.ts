import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, NetworkError } from "../lib/errors";
import { submitOnlineFirst } from "./online-first";

const slotFull = () =>
  new ApiError(400, {
    code: "validation_error",
    message: "Some fields are not valid",
    fields: { booked_date: ["This hour is full at the dock: pick another hour"] },
    field_codes: { booked_date: [{ code: "slot_full" }] },
  });

function setOnline(online: boolean) {
  vi.spyOn(navigator, "onLine", "get").mockReturnValue(online);
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("submitOnlineFirst", () => {
  it("answers the server's row when it accepts, and queues nothing", async () => {
    setOnline(true);
    const queue = vi.fn(async () => {});
    const result = await submitOnlineFirst({ send: async () => ({ id: 7 }), queue });
    expect(result).toEqual({ kind: "sent", answer: { id: 7 } });
    expect(queue).not.toHaveBeenCalled();
  });

  it("gives a refusal back with its field codes, and queues nothing", async () => {
    setOnline(true);
    const queue = vi.fn(async () => {});
    const result = await submitOnlineFirst({
      send: async () => {
        throw slotFull();
      },
      queue,
    });
    expect(result.kind).toBe("refused");
    if (result.kind !== "refused") return;
    expect(result.error.fieldCodes).toEqual({ booked_date: [{ code: "slot_full" }] });
    expect(queue).not.toHaveBeenCalled();
  });

  it("queues once, under the key the request carried, when no answer comes in time", async () => {
    setOnline(true);
    vi.useFakeTimers();
    const queue = vi.fn(async (_key: string | undefined) => {});
    let sentKey = "";
    let aborted = false;
    let answer: (value: string) => void = () => {};
    const running = submitOnlineFirst({
      send: (key, signal) => {
        sentKey = key;
        signal.addEventListener("abort", () => {
          aborted = true;
        });
        return new Promise<string>((resolve) => {
          answer = resolve;
        });
      },
      queue,
      timeoutMs: 8_000,
    });
    await vi.advanceTimersByTimeAsync(7_999);
    expect(queue).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await running).toEqual({ kind: "queued", reason: "timeout" });
    // The late answer changes nothing: one queued write, with the same key.
    answer("late");
    await vi.advanceTimersByTimeAsync(10_000);
    expect(queue).toHaveBeenCalledTimes(1);
    expect(queue).toHaveBeenCalledWith(sentKey);
    expect(aborted).toBe(true);
  });

  it("queues under the request's key after a network error", async () => {
    setOnline(true);
    const queue = vi.fn(async (_key: string | undefined) => {});
    const keys: string[] = [];
    const result = await submitOnlineFirst({
      send: async (key) => {
        keys.push(key);
        throw new NetworkError();
      },
      queue,
    });
    expect(result).toEqual({ kind: "queued", reason: "unreachable" });
    expect(queue).toHaveBeenCalledTimes(1);
    expect(queue).toHaveBeenCalledWith(keys[0]);
  });

  it("queues a 5xx and a 429 (the replayer retries them)", async () => {
    setOnline(true);
    for (const status of [503, 429]) {
      const queue = vi.fn(async () => {});
      const result = await submitOnlineFirst({
        send: async () => {
          throw new ApiError(status, { code: "service_unavailable", message: "busy" });
        },
        queue,
      });
      expect(result.kind, String(status)).toBe("queued");
      expect(queue).toHaveBeenCalledTimes(1);
    }
  });

  it("queues without sending when the device is offline", async () => {
    setOnline(false);
    const send = vi.fn(async () => "never");
    const queue = vi.fn(async () => {});
    const result = await submitOnlineFirst({ send, queue, key: "k-1" });
    expect(result).toEqual({ kind: "queued", reason: "offline" });
    expect(send).not.toHaveBeenCalled();
    // Nothing went out under k-1: the queued entry is unsent, so a later edit may fold into it.
    expect(queue).toHaveBeenCalledWith(undefined);
  });

  it("queues the refusals the replayer settles (a 412 edit is merged there)", async () => {
    setOnline(true);
    const queue = vi.fn(async () => {});
    const result = await submitOnlineFirst({
      send: async () => {
        throw new ApiError(412, { code: "precondition_failed", message: "stale" });
      },
      queue,
      queueRefusal: (error) => error.status === 412,
    });
    expect(result).toEqual({ kind: "queued", reason: "merge" });
    expect(queue).toHaveBeenCalledTimes(1);
  });
});
