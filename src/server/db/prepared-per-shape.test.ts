import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness";
import { builtStatement, executeNamed } from "./named-statement";
import { columnPlaceholder, preparedPerShape } from "./prepared-per-shape";
import { shipments } from "./schema/shipments";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("preparedPerShape", () => {
  it("builds a shape once per database, names it by place and shape, and keeps at most max", () => {
    const statementsOf = preparedPerShape<{ name: string }>("spot", 2);
    const built: string[] = [];
    const build = (name: string) => {
      built.push(name);
      return { name };
    };
    const first = statementsOf(t.app.db, "a|1", build);
    expect(statementsOf(t.app.db, "a|1", build)).toBe(first);
    const second = statementsOf(t.app.db, "b|2", build);
    expect(built).toHaveLength(2);
    expect(first?.name).toMatch(/^spot_[0-9a-f]{16}$/);
    expect(second?.name).not.toBe(first?.name);
    // Past max: nothing built, the caller builds its statement itself.
    expect(statementsOf(t.app.db, "c|3", build)).toBeUndefined();
    expect(built).toHaveLength(2);
    // Shapes kept before still answer.
    expect(statementsOf(t.app.db, "a|1", build)).toBe(first);
  });
});

describe("columnPlaceholder", () => {
  it("encodes each call's value as the column does, and null as SQL NULL", async () => {
    const [line] = await t.app.db
      .select({ id: shipments.id, actionDate: shipments.actionDate })
      .from(shipments)
      .limit(1);
    if (!line) throw new Error("the demo has no line");
    const update = builtStatement(
      t.app.db
        .update(shipments)
        .set({ actionDate: columnPlaceholder("at", shipments.actionDate) })
        .where(eq(shipments.id, sql.placeholder("id")))
        .getSQL(),
    );
    const actionDate = async () => {
      const [row] = await t.app.db
        .select({ at: shipments.actionDate, isNull: sql<boolean>`${shipments.actionDate} is null` })
        .from(shipments)
        .where(eq(shipments.id, line.id));
      return row;
    };
    const at = new Date("2026-03-04T05:06:07.000Z");
    await executeNamed(t.app.db, update, { id: line.id, at });
    expect((await actionDate())?.at?.toISOString()).toBe(at.toISOString());
    await executeNamed(t.app.db, update, { id: line.id, at: null });
    expect(await actionDate()).toEqual({ at: null, isNull: true });
    await executeNamed(t.app.db, update, { id: line.id, at: line.actionDate });
  });
});
