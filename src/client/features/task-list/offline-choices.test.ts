import "fake-indexeddb/auto";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { ApiError, OfflineError } from "../../lib/errors";
import { db } from "../../offline/db";
import type { SearchOption } from "../../ui/search-select";
import { rememberChoices, withOfflineChoices } from "./offline-choices";

const signal = new AbortController().signal;

beforeEach(async () => {
  await db.taskLookups.clear();
  localStorage.setItem("company", "5");
});
afterAll(() => db.close());

describe("the line form's choices offline", () => {
  it("answers a search the API cannot answer from what it answered before", async () => {
    let online = true;
    const api = async (text: string): Promise<SearchOption[]> => {
      if (!online) throw new OfflineError();
      return [
        { id: 21, text: "Boxes" },
        { id: 22, text: "Pallets" },
      ].filter((each) => each.text.toLowerCase().includes(text.toLowerCase()));
    };
    const search = withOfflineChoices("description", api, 11);
    expect(await search("o", signal)).toHaveLength(1);
    await rememberChoices("5", "description", [{ id: 23, text: "Boxes of task 12", parent: 12 }]);
    online = false;
    // Only the descriptions of the form's task, name contains, case-insensitive.
    expect(await search("BOX", signal)).toEqual([{ id: 21, text: "Boxes" }]);
    expect(await search("pal", signal)).toEqual([]);
  });

  it("keeps showing a refusal that is not about the network", async () => {
    const search = withOfflineChoices("client", async () => {
      throw new ApiError(403, { code: "forbidden", message: "no" });
    });
    await expect(search("a", signal)).rejects.toBeInstanceOf(ApiError);
  });
});
