/** Setup of the `client` Vitest project: IndexedDB for Dexie, a language for Lingui. */
import "fake-indexeddb/auto";
import { i18n } from "@lingui/core";
import { afterEach } from "vitest";

i18n.loadAndActivate({ locale: "en", messages: {} });

afterEach(() => {
  localStorage.clear();
});
