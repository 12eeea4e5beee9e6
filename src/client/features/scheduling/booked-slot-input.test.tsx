import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setApiBase } from "../../lib/http";
import { mockApi, type RecordedRequest } from "../../test-utils";
import { BookedSlotInput } from "./booked-slot-input";

let requests: RecordedRequest[] = [];
let answer: { status?: number; body?: unknown } = { body: [] };
let latest: string | undefined;

function Harness(props: { allHours?: boolean; initial?: string }) {
  const [value, setValue] = useState<string | undefined>(props.initial);
  latest = value;
  return (
    <I18nProvider i18n={i18n}>
      <BookedSlotInput
        label="Booked date"
        value={value}
        onChange={setValue}
        operation="unload"
        allHours={props.allHours ?? false}
      />
    </I18nProvider>
  );
}

const hourOptions = () =>
  (screen.getByLabelText("Hour") as HTMLSelectElement).querySelectorAll("option:not([value=''])");

beforeEach(() => {
  setApiBase("http://localhost/");
  latest = undefined;
  requests = mockApi({ "GET /api/available-dates": () => answer });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the reception's hour slot", () => {
  it("offers only the hours the server still has for the day, and books the one picked", async () => {
    answer = { body: ["2026-12-01T07:00:00+00:00", "2026-12-01T09:00:00+00:00"] };
    render(<Harness />);
    fireEvent.change(screen.getByLabelText("Booked date"), { target: { value: "2026-12-01" } });
    await waitFor(() => expect(hourOptions()).toHaveLength(2));
    const sent = new URL(`http://x${requests[0]?.path}`);
    expect(requests[0]?.path).toBe("/api/available-dates");
    expect(sent.pathname).toBe("/api/available-dates");
    fireEvent.change(screen.getByLabelText("Hour"), {
      target: { value: "2026-12-01T09:00:00+00:00" },
    });
    expect(latest).toBe("2026-12-01T09:00:00+00:00");
    expect(screen.getByText("Only the hours with room at the dock are offered.")).toBeTruthy();
  });

  it("says so when the day has no free hour (full or restricted)", async () => {
    answer = { body: [] };
    render(<Harness />);
    fireEvent.change(screen.getByLabelText("Booked date"), { target: { value: "2026-12-25" } });
    await screen.findByText("No free hours on this day: pick another day.");
    expect(hourOptions()).toHaveLength(0);
  });

  it("offers the 16 hours 06:00 to 21:00 without asking, for repeats and lockdowns", async () => {
    render(<Harness allHours />);
    // No day yet: no hours to pick.
    expect(hourOptions()).toHaveLength(0);
    fireEvent.change(screen.getByLabelText("Booked date"), { target: { value: "2026-12-01" } });
    const labels = [...hourOptions()].map((option) => option.textContent);
    expect(labels).toHaveLength(16);
    expect(labels[0]).toBe("06:00");
    expect(labels.at(-1)).toBe("21:00");
    expect(requests).toHaveLength(0);
  });

  it("drops an hour the new day does not offer", async () => {
    answer = { body: ["2026-12-02T10:00:00+00:00"] };
    render(<Harness initial="2026-12-01T07:00:00+00:00" />);
    await waitFor(() => expect(requests.length).toBeGreaterThan(0));
    fireEvent.change(screen.getByLabelText("Booked date"), { target: { value: "2026-12-02" } });
    await waitFor(() => expect(latest).toBeUndefined());
    expect((screen.getByLabelText("Hour") as HTMLSelectElement).value).toBe("");
  });
});
