/**
 * Setup of the `client` Vitest project: IndexedDB for Dexie, a language for Lingui, and a page
 * of its own for every file. The project's files share a worker and its jsdom (vitest.config.ts,
 * isolate: false), so each file ends as a closed page would and the next starts as a new load:
 * the app's modules afresh, nothing stored, at the site's root, an empty device database.
 */
import "fake-indexeddb/auto";
import { i18n } from "@lingui/core";
import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, vi } from "vitest";
import { db } from "./offline/db";

// jsdom has no CSS.escape; react-aria's modal reads a meta tag with it.
if (typeof globalThis.CSS?.escape !== "function") {
  Object.assign(globalThis, {
    CSS: { ...globalThis.CSS, escape: (value: string) => value.replace(/["\\\]]/g, "\\$&") },
  });
}

// findBy/waitFor wait up to 10 s (default 1 s): a loaded 2-core CI machine is slow, not wrong.
configure({ asyncUtilTimeout: 10_000 });

i18n.loadAndActivate({ locale: "en", messages: {} });

afterEach(() => {
  localStorage.clear();
});

/** What a page load starts from: nothing stored, at the site's root, no title or language. */
function freshPage(): void {
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(";")) {
    const name = cookie.split("=")[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store; the app writes its cookie (public-lang.ts) the same way.
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  window.history.replaceState(null, "", "/");
  document.title = "";
  for (const { name } of [...document.documentElement.attributes]) {
    document.documentElement.removeAttribute(name);
  }
}

// Each file starts with a fresh page and an empty, open device database.
beforeAll(async () => {
  freshPage();
  db.close();
  await db.delete();
  await db.open();
});

// After the file's own hooks (after-hooks run in reverse order), the page closes: what the file
// rendered unmounts (its components' effects, listeners and timers end), its database
// connection closes, its fake timers, stubbed globals and env go back, and the app's modules
// are dropped, so the next file imports them afresh (module state such as the loaded config,
// the session or a logout under way never crosses files). Libraries outside the app (React,
// react-aria, Dexie, jsdom) stay loaded: that is what sharing the worker saves.
afterAll(() => {
  cleanup();
  db.close();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.resetModules();
});
