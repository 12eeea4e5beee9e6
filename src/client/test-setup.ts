/** Setup of the `client` Vitest project: IndexedDB for Dexie, a language for Lingui. */
import "fake-indexeddb/auto";
import { i18n } from "@lingui/core";
import { configure } from "@testing-library/react";
import { afterEach, beforeAll } from "vitest";
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

// Each file starts with an empty, open device database, whatever a file before it left in the
// worker (several close it afterAll).
beforeAll(async () => {
  localStorage.clear();
  db.close();
  await db.delete();
  await db.open();
});
