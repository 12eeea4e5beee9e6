import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { BookingRefusal } from "../../lib/error-messages";
import { setApiBase } from "../../lib/http";
import { mockApi, type RecordedRequest } from "../../test-utils";
import { BookedSlotInput } from "./booked-slot-input";

let requests: RecordedRequest[] = [];
let answer: { status?: number; body?: unknown } = { body: [] };
let latest: string | undefined;

function Harness(props: { allHours?: boolean; initial?: string; refusal?: BookingRefusal }) {
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
        refusal={props.refusal}
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

  describe("after the dock refused the hour (issue 24)", () => {
    /** Free hours by day, as GET api/available-dates answers them. */
    function serveDays(days: Record<string, string[]>) {
      vi.stubGlobal(
        "fetch",
        vi.fn(async (input: Request | string | URL, init?: RequestInit) => {
          const request = input instanceof Request ? input : new Request(input, init);
          const day = new URL(request.url).searchParams.get("date") ?? "";
          return new Response(JSON.stringify(days[day] ?? []), {
            headers: { "content-type": "application/json" },
          });
        }),
      );
    }

    it("a full hour: offers the day's free hours, and one press books it", async () => {
      serveDays({ "2026-12-01": ["2026-12-01T07:00:00+00:00", "2026-12-01T12:00:00+00:00"] });
      const at = "2026-12-01T11:00:00+00:00";
      render(<Harness allHours initial={at} refusal={{ code: "slot_full", at: 1 }} />);
      const offer = await screen.findByRole("region", { name: "What you can book instead" });
      await waitFor(() => expect(offer.textContent).toContain("Free hours on 01/12/2026:"));
      const buttons = screen.getAllByRole("button", { name: /^Book at / });
      expect(buttons).toHaveLength(2);
      fireEvent.click(buttons[1] as HTMLElement);
      expect(latest).toBe("2026-12-01T12:00:00+00:00");
    });

    it("a restricted date: offers the next open day with its first free hour", async () => {
      serveDays({ "2026-12-03": ["2026-12-03T08:00:00+00:00"] });
      render(
        <Harness
          allHours
          initial="2026-12-01T11:00:00+00:00"
          refusal={{ code: "restricted_date", at: 1 }}
        />,
      );
      await screen.findByText("Next open day:");
      const next = await screen.findByRole("button", { name: /^03\/12\/2026 \d\d:00$/ });
      fireEvent.click(next);
      expect(latest).toBe("2026-12-03T08:00:00+00:00");
    });
  });
});
