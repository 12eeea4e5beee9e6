import "fake-indexeddb/auto";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { CriticalLine } from "../../../shared/contract/critical-lines";
import {
  applyCriticalLineChanges,
  readCreatedCriticalLines,
} from "../../offline/critical-lines-mirror";
import { db } from "../../offline/db";
import { queueCriticalLineCreation, queueCriticalLineEdit } from "./commands";

const author = { userId: 2, username: "office", company: "5" };
const input = {
  init_date: "2030-05-01T08:00:00.000Z",
  end_date: "2030-05-01T18:00:00.000Z",
  line: "L-OFF",
  product: "Caliper",
};

beforeEach(async () => {
  await Promise.all([db.criticalLines.clear(), db.outbox.clear()]);
});
afterAll(() => db.close());

describe("critical line commands", () => {
  it("a creation waits in the outbox with its row shown at once under a local id", async () => {
    const uid = "0b7a3c1e-2f4d-4a6b-9c8d-1e2f3a4b5c6d";
    const id = await queueCriticalLineCreation(uid, input, author);
    expect(id).toBeLessThan(0);
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      entity: "critical_line",
      op: "create",
      method: "PUT",
      path: `api/critical-line/uid/${uid}`,
      baseVersion: null,
      userId: 2,
    });
    const shown = await readCreatedCriticalLines(5, { date_after: "2030-05-01" });
    expect(shown.map((row) => row.line)).toEqual(["L-OFF"]);
  });

  it("an edit names the version it was made on, and the feed leaves the row alone meanwhile", async () => {
    const row: CriticalLine = {
      id: 40,
      uid: "1b7a3c1e-2f4d-4a6b-9c8d-1e2f3a4b5c6d",
      company: 5,
      init_date: input.init_date,
      end_date: input.end_date,
      cause: "",
      activity: "",
      line: "L-40",
      product: "Old",
      contact: "",
      destination: "",
      observations: "",
      provider: "",
      client_name: "",
      user: null,
      version: 3,
    };
    await db.criticalLines.put(row);
    await queueCriticalLineEdit(row, { ...input, line: "L-40", product: "New" }, author);
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ op: "update", path: "api/critical-line/40", baseVersion: 3 });
    expect((await db.criticalLines.get(40))?.product).toBe("New");
    await applyCriticalLineChanges([{ ...row, product: "Theirs", version: 4 }], [40]);
    expect((await db.criticalLines.get(40))?.product).toBe("New");
  });
});
