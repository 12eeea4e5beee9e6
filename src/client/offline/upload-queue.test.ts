import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { db, type UploadRow } from "./db";
import {
  checkRoom,
  onUploaded,
  onUploadRefused,
  type SendResult,
  StorageFullError,
  Uploader,
  type UploaderDeps,
} from "./upload-queue";

let seq = 0;
function row(shipment: number, userId = 3, name = `f${++seq}.png`): UploadRow {
  return {
    mutationId: crypto.randomUUID(),
    shipment,
    name,
    description: "",
    type: "image/png",
    size: 4,
    blob: new Blob([new Uint8Array([1, 2, 3, 4])], { type: "image/png" }),
    userId,
    username: `user${userId}`,
    company: "7",
    createdAt: Date.now(),
    attempts: 0,
  };
}

/** A server that stores each Idempotency-Key's answer, as the API does. */
function fakeServer() {
  const stored = new Map<string, SendResult>();
  const files: string[] = [];
  let nextId = 1;
  return {
    stored,
    files,
    upload(entry: UploadRow): SendResult {
      const seen = stored.get(entry.mutationId);
      if (seen) return seen;
      files.push(entry.name);
      const answer: SendResult = {
        status: 201,
        body: {
          id: nextId++,
          shipment: entry.shipment,
          company: 7,
          name: entry.name,
          description: entry.name,
          is_image: true,
          content_type: "image/png",
          size: entry.size,
          created: new Date().toISOString(),
        },
      };
      stored.set(entry.mutationId, answer);
      return answer;
    },
  };
}

function uploader(overrides: Partial<UploaderDeps>) {
  return new Uploader({
    send: vi.fn(),
    session: () => ({ userId: 3, jwt: "jwt-3" }),
    withLock: (task) => task(),
    ...overrides,
  });
}

beforeEach(async () => {
  await db.uploads.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("upload queue", () => {
  it("sends the oldest first, each once, and takes it off the queue", async () => {
    const server = fakeServer();
    const done: string[] = [];
    const stop = onUploaded((entry) => done.push(entry.name));
    await db.uploads.bulkAdd([row(1, 3, "a.png"), row(1, 3, "b.png"), row(2, 3, "c.png")]);
    await uploader({ send: async (entry) => server.upload(entry) }).kick();
    stop();
    expect(server.files).toEqual(["a.png", "b.png", "c.png"]);
    expect(done).toEqual(["a.png", "b.png", "c.png"]);
    expect(await db.uploads.count()).toBe(0);
  });

  it("stores a file once when the answer was lost and the same key is sent again", async () => {
    const server = fakeServer();
    let lose = true;
    const send = vi.fn(async (entry: UploadRow) => {
      const answer = server.upload(entry);
      if (lose) {
        lose = false;
        throw new Error("connection reset after the server stored it");
      }
      return answer;
    });
    await db.uploads.add(row(1));
    const queue = uploader({ send });
    await queue.kick();
    expect(await db.uploads.count()).toBe(1);
    expect((await db.uploads.toArray())[0]?.attempts).toBe(1);
    queue.networkBack();
    await vi.waitFor(async () => expect(await db.uploads.count()).toBe(0));
    queue.stop();
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[0]?.[0].mutationId).toBe(send.mock.calls[1]?.[0].mutationId);
    expect(server.files).toHaveLength(1);
  });

  it("sends only with the session of the user who added the file", async () => {
    const server = fakeServer();
    await db.uploads.bulkAdd([row(1, 4, "theirs.png"), row(1, 3, "mine.png")]);
    const send = vi.fn(async (entry: UploadRow, jwt: string) => {
      expect(jwt).toBe("jwt-3");
      return server.upload(entry);
    });
    await uploader({ send }).kick();
    expect(server.files).toEqual(["mine.png"]);
    expect((await db.uploads.toArray()).map((entry) => entry.name)).toEqual(["theirs.png"]);
  });

  it("pauses on 401 until the user signs in again", async () => {
    const server = fakeServer();
    let jwt = "old";
    const send = vi.fn(async (entry: UploadRow, token: string) =>
      token === "old" ? { status: 401, body: { code: "token_not_valid" } } : server.upload(entry),
    );
    await db.uploads.add(row(1));
    const queue = uploader({ send, session: () => ({ userId: 3, jwt }) });
    await queue.kick();
    await queue.kick();
    expect(send).toHaveBeenCalledTimes(1);
    expect(await db.uploads.count()).toBe(1);
    jwt = "new";
    await queue.kick();
    expect(server.files).toHaveLength(1);
    expect(await db.uploads.count()).toBe(0);
  });

  it("drops a file the server refuses for good and says so; 5xx keeps it for later", async () => {
    const refused: string[] = [];
    const stop = onUploadRefused((entry, status, code) =>
      refused.push(`${entry.name} ${status} ${code}`),
    );
    await db.uploads.add(row(1, 3, "big.bin"));
    await uploader({
      send: async () => ({ status: 413, body: { code: "payload_too_large" } }),
    }).kick();
    stop();
    expect(refused).toEqual(["big.bin 413 payload_too_large"]);
    expect(await db.uploads.count()).toBe(0);

    await db.uploads.add(row(1, 3, "later.png"));
    const queue = uploader({ send: async () => ({ status: 503, body: null }) });
    await queue.kick();
    queue.stop();
    const [kept] = await db.uploads.toArray();
    expect(kept).toMatchObject({ name: "later.png", attempts: 1, lastError: "503 " });
  });

  it("refuses a file up front when the device has no room for it", async () => {
    const estimate = vi.fn(async () => ({ usage: 990 * 1024 * 1024, quota: 1000 * 1024 * 1024 }));
    Object.defineProperty(navigator, "storage", { value: { estimate }, configurable: true });
    try {
      await expect(checkRoom(5 * 1024 * 1024)).rejects.toBeInstanceOf(StorageFullError);
      estimate.mockResolvedValue({ usage: 0, quota: 1000 * 1024 * 1024 });
      await expect(checkRoom(5 * 1024 * 1024)).resolves.toBeUndefined();
    } finally {
      Object.defineProperty(navigator, "storage", { value: undefined, configurable: true });
    }
  });
});
