import { describe, expect, it } from "vitest";
import { occurrenceUid } from "./occurrence-uid";

describe("occurrenceUid", () => {
  it("names each occurrence of a series by the series uid and its place, whatever the case", async () => {
    const uid = "3F2B8C1E-0D4A-4C1B-9E7F-1A2B3C4D5E6F";
    const first = await occurrenceUid(uid, 0);
    // Fixed: the server's lines of series made before must keep their uids.
    expect(first).toBe("314080cd-3603-53e9-8db5-c0bb87b64cb3");
    expect(await occurrenceUid(uid.toLowerCase(), 0)).toBe(first);
    expect(await occurrenceUid(uid, 1)).not.toBe(first);
  });
});
