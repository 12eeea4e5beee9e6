import { describe, expect, it } from "vitest";
import { parseIcs } from "../../test/ics";
import { bookingCalendar } from "./calendar";
import { checkFormStamp, formStamp } from "./form-stamp";

const booking = {
  uid: "carrier-booking-7@yardline",
  sequence: 2,
  zone: "Europe/Madrid",
  title: "Descarga: Yardline Demo (PO-1)",
  description: "Línea uno\nLínea dos, con coma",
  location: "Yardline Demo, D5",
  cancelled: false,
};

describe("bookingCalendar", () => {
  it("gives the yard's wall clock with its zone and that day's offset (summer and winter)", () => {
    const summer = parseIcs(
      bookingCalendar({ ...booking, start: new Date("2027-07-01T08:00:00Z") }),
    );
    const event = summer.components.find((part) => part.type === "VEVENT");
    expect(event?.get("DTSTART")).toMatchObject({
      params: { TZID: "Europe/Madrid" },
      value: "20270701T100000",
    });
    expect(event?.get("DTEND")?.value).toBe("20270701T110000");
    expect(event?.get("UID")?.value).toBe(booking.uid);
    expect(event?.get("SEQUENCE")?.value).toBe("2");
    const zone = summer.components.find((part) => part.type === "VTIMEZONE");
    expect(zone?.components[0]?.get("TZOFFSETTO")?.value).toBe("+0200");

    const winter = parseIcs(
      bookingCalendar({ ...booking, start: new Date("2027-01-15T08:00:00Z") }),
    );
    const standard = winter.components.find((part) => part.type === "VTIMEZONE");
    expect(standard?.components[0]?.get("TZOFFSETTO")?.value).toBe("+0100");
    expect(winter.components.find((part) => part.type === "VEVENT")?.get("DTSTART")?.value).toBe(
      "20270115T090000",
    );
  });

  it("cancels with the same UID", () => {
    const text = bookingCalendar({
      ...booking,
      start: new Date("2027-01-15T08:00:00Z"),
      cancelled: true,
    });
    const calendar = parseIcs(text);
    expect(calendar.get("METHOD")?.value).toBe("CANCEL");
    const event = calendar.components.find((part) => part.type === "VEVENT");
    expect(event?.get("STATUS")?.value).toBe("CANCELLED");
    expect(event?.get("UID")?.value).toBe(booking.uid);
  });
});

describe("form stamp", () => {
  const secret = new TextEncoder().encode("a-secret-of-the-server-0123456789");
  it("accepts a stamp of its page after the minimum time, refuses fast, forged and foreign ones", () => {
    const issued = 1_800_000_000_000;
    const stamp = formStamp(secret, "page-a", issued);
    expect(checkFormStamp(secret, "page-a", stamp, 3000, issued + 3500)).toBe("ok");
    expect(checkFormStamp(secret, "page-a", stamp, 3000, issued + 1000)).toBe("fast");
    expect(checkFormStamp(secret, "page-b", stamp, 3000, issued + 3500)).toBe("invalid");
    expect(
      checkFormStamp(secret, "page-a", `${issued - 5000}.${stamp.split(".")[1]}`, 0, issued),
    ).toBe("invalid");
    expect(checkFormStamp(secret, "page-a", "garbage", 0, issued)).toBe("invalid");
    expect(checkFormStamp(secret, "page-a", stamp, 0, issued + 2 * 86_400_000)).toBe("invalid");
  });
});
