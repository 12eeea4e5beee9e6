import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { DateTime } from "luxon";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { defaultRule, type RecurrenceRule, toRrule } from "../../../shared/recurrence";
import { RecurrenceForm } from "./recurrence-form";
import { recurrenceProblems } from "./recurrence-problems";

const FIRST = "2026-12-07T08:00:00"; // a Monday, device time
let rule: RecurrenceRule;

function Harness() {
  const [value, setValue] = useState(() => defaultRule(DateTime.fromISO(FIRST)));
  rule = value;
  return (
    <I18nProvider i18n={i18n}>
      <RecurrenceForm rule={value} onChange={setValue} first={FIRST} />
    </I18nProvider>
  );
}

afterEach(cleanup);

describe("the recurrence form", () => {
  it("builds a weekly rule for 8 weeks and previews its dates", () => {
    render(<Harness />);
    fireEvent.click(screen.getByLabelText("After"));
    fireEvent.change(screen.getByLabelText("Number of times"), { target: { value: "8" } });
    expect(toRrule(rule)).toBe("RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=MO;COUNT=8");
    expect(screen.getByText("Creates 8 lines:")).toBeTruthy();
    const preview = within(screen.getByTestId("recurrence-preview"));
    expect(preview.getByText("07/12/2026 08:00")).toBeTruthy();
    expect(preview.getByText(/and 2 more, the last on 25\/01\/2027 08:00/)).toBeTruthy();
  });

  it("switches to monthly on the last Friday", () => {
    render(<Harness />);
    fireEvent.change(screen.getByLabelText("Frequency"), { target: { value: "monthly" } });
    fireEvent.click(screen.getByLabelText("Weekday of the month"));
    fireEvent.change(screen.getByLabelText("Which weekday of the month"), {
      target: { value: "-1" },
    });
    fireEvent.change(screen.getByLabelText("Weekday"), { target: { value: "FR" } });
    expect(toRrule(rule)).toBe("RRULE:FREQ=MONTHLY;INTERVAL=1;BYDAY=-1FR");
    expect(
      within(screen.getByTestId("recurrence-preview")).getByText("25/12/2026 08:00"),
    ).toBeTruthy();
  });

  it("offers the days of the chosen month only (yearly in February: 28)", () => {
    render(<Harness />);
    fireEvent.change(screen.getByLabelText("Frequency"), { target: { value: "yearly" } });
    fireEvent.click(screen.getByLabelText("December"));
    fireEvent.click(screen.getByLabelText("February"));
    const days = screen.getByLabelText("Day") as HTMLSelectElement;
    expect(days.options).toHaveLength(28);
  });

  it("refuses an interval or a count under 1 and a weekly rule without days", () => {
    const base = defaultRule(DateTime.fromISO(FIRST));
    expect(recurrenceProblems(base)).toEqual({});
    expect(Object.keys(recurrenceProblems({ ...base, interval: 0 }))).toEqual(["interval"]);
    expect(Object.keys(recurrenceProblems({ ...base, end: { kind: "count", count: 0 } }))).toEqual([
      "count",
    ]);
    expect(Object.keys(recurrenceProblems({ ...base, weekdays: [] }))).toEqual(["weekdays"]);
    expect(Object.keys(recurrenceProblems({ ...base, end: { kind: "until", until: "" } }))).toEqual(
      ["until"],
    );
  });
});
