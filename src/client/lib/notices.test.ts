import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, NetworkError, OfflineError } from "./errors";
import { durationFor, noticeFromError, notify } from "./notices";
import { appStore, noticesAtom } from "./store";

describe("noticeFromError (spec section 8)", () => {
  it("shows a string body as is", () => {
    expect(noticeFromError(new ApiError(500, "Upstream exploded"))).toEqual(["Upstream exploded"]);
  });

  it("shows validation fields as labelled lists", () => {
    const error = new ApiError(400, {
      code: "validation_error",
      message: "Invalid request",
      fields: {
        plate: ["A truck with this plate already exists"],
        phone: ["Not a phone number", "Too short"],
      },
    });
    expect(noticeFromError(error)).toEqual([
      "plate: A truck with this plate already exists",
      "phone: Not a phone number, Too short",
    ]);
  });

  it("shows a bare field object (no envelope) as labelled lists", () => {
    const error = new ApiError(400, { old_password: ["Wrong password"], detail: "Nope" });
    expect(noticeFromError(error)).toEqual(["old_password: Wrong password", "detail: Nope"]);
  });

  it("falls back to the message of an API error without fields", () => {
    const error = new ApiError(401, { code: "invalid_credentials", message: "Wrong credentials" });
    expect(noticeFromError(error)).toEqual(["Wrong credentials"]);
    expect(noticeFromError(new ApiError(502, ""))).toEqual(["HTTP 502"]);
  });

  it("prefers the translated text of a known code, for bodies without fields", () => {
    const texts = {
      network: "",
      offline: "",
      codes: { invalid_credentials: "Usuario o contraseña incorrectos" },
    };
    const refused = new ApiError(401, {
      code: "invalid_credentials",
      message: "Wrong credentials",
    });
    expect(noticeFromError(refused, texts)).toEqual(["Usuario o contraseña incorrectos"]);
    const other = new ApiError(409, { code: "conflict", message: "Plate taken" });
    expect(noticeFromError(other, texts)).toEqual(["Plate taken"]);
  });

  it("names network and offline failures with the given texts", () => {
    const texts = { network: "No answer", offline: "Sin conexión" };
    expect(noticeFromError(new NetworkError(new TypeError("fetch")), texts)).toEqual(["No answer"]);
    expect(noticeFromError(new OfflineError(), texts)).toEqual(["Sin conexión"]);
  });

  it("uses the message of other errors and the text of anything else", () => {
    expect(noticeFromError(new Error("boom"))).toEqual(["boom"]);
    expect(noticeFromError("plain")).toEqual(["plain"]);
  });
});

describe("notify", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    appStore.set(noticesAtom, []);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("keeps errors and warnings 4 s and the rest 3 s", () => {
    expect(durationFor("error")).toBe(4000);
    expect(durationFor("warning")).toBe(4000);
    expect(durationFor("success")).toBe(3000);
    expect(durationFor("info")).toBe(3000);
  });

  it("adds a notice and removes it when its time is up", () => {
    notify("error", "ERROR", "first");
    notify("success", "Saved", ["a", "b"]);
    expect(appStore.get(noticesAtom).map((n) => [n.title, n.lines])).toEqual([
      ["ERROR", ["first"]],
      ["Saved", ["a", "b"]],
    ]);
    vi.advanceTimersByTime(3000);
    expect(appStore.get(noticesAtom).map((n) => n.title)).toEqual(["ERROR"]);
    vi.advanceTimersByTime(1000);
    expect(appStore.get(noticesAtom)).toEqual([]);
  });
});
