/**
 * Setup of the `sync` Vitest project (node): IndexedDB for Dexie, a localStorage (the real
 * http client reads the jwt and company from it) and an active Lingui locale (the shipment
 * commands write translated summaries).
 */
import "fake-indexeddb/auto";
import { i18n } from "@lingui/core";
import { beforeAll } from "vitest";
import { db } from "../../src/client/offline/db";

class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
}

if (typeof globalThis.localStorage === "undefined") {
  Object.defineProperty(globalThis, "localStorage", { value: new MemoryStorage() });
}

i18n.loadAndActivate({ locale: "en", messages: {} });

// Files share a worker's modules (vitest.config.ts, isolate: false): each file starts from an
// empty device, whatever the file before it left.
beforeAll(async () => {
  localStorage.clear();
  await Promise.all(db.tables.map((table) => table.clear()));
});
