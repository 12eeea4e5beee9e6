import { describe, expect, it } from "vitest";
import { cutObservation } from "./observation-cell";

describe("observation cell", () => {
  it("cuts observations at 20 characters plus an ellipsis", () => {
    expect(cutObservation("short")).toBe("short");
    expect(cutObservation("exactly twenty chars")).toBe("exactly twenty chars");
    expect(cutObservation("Parts arrive in two partial deliveries")).toBe("Parts arrive in two …");
  });
});
