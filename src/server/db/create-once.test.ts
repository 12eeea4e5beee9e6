import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../errors";
import { uniquePlate } from "../test/api-caller";
import { createTestApp, type TestApp } from "../test/harness";
import { createOnce } from "./create-once";
import { PLAIN } from "./demo-data";
import { isUniqueViolation } from "./errors";
import { SHIPPERS_UID_KEY, shippers } from "./schema/shippers";

/** createOnce on a real table with a unique (company, uid) index (shippers). */
let t: TestApp;
let company: number;

beforeAll(async () => {
  t = await createTestApp();
  company = await t.companyId(PLAIN);
});
afterAll(async () => {
  await t?.close();
});

const byUid = (uid: string) =>
  t.app.db
    .select()
    .from(shippers)
    .where(and(eq(shippers.companyId, company), eq(shippers.uid, uid)));

const find = async (uid: string) => (await byUid(uid))[0];

const insert = async (uid: string) => {
  const [row] = await t.app.db
    .insert(shippers)
    .values({ companyId: company, uid, plate: uniquePlate("ONCE"), name: "Once" })
    .returning();
  return row;
};

const insertOrNothing = async (uid: string) => {
  const [row] = await t.app.db
    .insert(shippers)
    .values({ companyId: company, uid, plate: uniquePlate("ONCE"), name: "Once" })
    .onConflictDoNothing({ target: [shippers.companyId, shippers.uid] })
    .returning();
  return row;
};

/** Resolves once `count` callers have waited: both racers look before either inserts. */
function barrier(count: number) {
  let waiting = 0;
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return () => {
    waiting += 1;
    if (waiting >= count) open();
    return opened;
  };
}

describe("createOnce", () => {
  it("creates, then answers the same row unchanged without calling create", async () => {
    const uid = randomUUID();
    const first = await createOnce({ find: () => find(uid), create: () => insert(uid) });
    expect(first.created).toBe(true);
    const again = await createOnce({
      find: () => find(uid),
      create: () => Promise.reject(new Error("create called on a repeat")),
    });
    expect(again).toEqual({ value: first.value, created: false });
  });

  /** Two first calls with one uid, both looking before either inserts; one row results. */
  async function raceTwo(
    insertRow: (uid: string) => Promise<{ id: number } | undefined>,
    isRace: (error: unknown) => boolean,
  ) {
    const uid = randomUUID();
    const bothLooked = barrier(2);
    const race = () =>
      createOnce({
        find: () => find(uid),
        create: async () => {
          await bothLooked();
          return insertRow(uid);
        },
        isRace,
      });
    const results = await Promise.all([race(), race()]);
    expect(results.map((result) => result.created).sort()).toEqual([false, true]);
    expect(results[0]?.value.id).toBe(results[1]?.value.id);
    expect(await byUid(uid)).toHaveLength(1);
  }

  it("two racing creates with one uid make one row; the loser answers it", async () => {
    await raceTwo(insert, (error) => isUniqueViolation(error, SHIPPERS_UID_KEY));
  });

  it("an insert that does nothing on the used uid (undefined) answers the winner's row", async () => {
    await raceTwo(insertOrNothing, () => false);
  });

  it("a failure that is no race is thrown as it is, and one with no row behind it too", async () => {
    const refused = new Error("refused");
    let looks = 0;
    const counted = async () => {
      looks += 1;
      return undefined;
    };
    await expect(
      createOnce({ find: counted, create: () => Promise.reject(refused), isRace: () => false }),
    ).rejects.toBe(refused);
    expect(looks).toBe(1);
    await expect(createOnce({ find: counted, create: () => Promise.reject(refused) })).rejects.toBe(
      refused,
    );
    expect(looks).toBe(3);
    await expect(
      createOnce({ find: counted, create: () => Promise.resolve(undefined) }),
    ).rejects.toBeInstanceOf(ApiError);
  });

  it("a find that refuses the uid (another kind) refuses before anything is created", async () => {
    const conflict = new Error("another kind");
    let created = false;
    await expect(
      createOnce({
        find: () => Promise.reject(conflict),
        create: async () => {
          created = true;
          return 1;
        },
      }),
    ).rejects.toBe(conflict);
    expect(created).toBe(false);
  });
});
