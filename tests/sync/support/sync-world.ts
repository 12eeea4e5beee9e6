import { afterAll, beforeAll } from "vitest";
import { setApiBase } from "../../../src/client/lib/http";
import { World } from "./run";
import { type SyncServer, startSyncServer } from "./server";

export interface SyncFixture {
  readonly server: SyncServer;
  readonly world: World;
}

/**
 * The file's sync server and World (the faulty network in place of fetch), started before its
 * tests and torn down after them. Read the fields inside tests and hooks, not at collection.
 */
export function startSyncWorld(): SyncFixture {
  let server: SyncServer | undefined;
  let world: World | undefined;
  const realFetch = globalThis.fetch;

  beforeAll(async () => {
    server = await startSyncServer();
    setApiBase(server.base);
    world = new World(server, realFetch);
    globalThis.fetch = world.network.fetch;
  });

  afterAll(async () => {
    await world?.reset();
    globalThis.fetch = realFetch;
    await server?.close();
  });

  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the sync world starts in beforeAll");
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get world() {
      return started(world);
    },
  };
}
