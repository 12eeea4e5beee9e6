import { readStored, writeStored } from "../../../src/client/lib/storage";
import type { Author } from "../../../src/client/offline/outbox";
import {
  batchChangeOf,
  readCurrent,
  sendBatch,
  sendEntry,
  whoChanged,
} from "../../../src/client/offline/replay-transport";
import { Replayer, type ReplaySession } from "../../../src/client/offline/replayer";
import { type Sender, senderContext } from "./network";
import type { SyncServer } from "./server";

const NEVER = new Promise<never>(() => {});

interface Waiter {
  owner: Sender;
  run: () => Promise<void>;
}

/**
 * The device-wide replay lock as Web Locks behave: one holder at a time, FIFO, and a page that
 * dies (reload) gives up what it holds or waits for at once.
 */
export class DeviceLock {
  private held: Waiter | null = null;
  private queue: Waiter[] = [];

  request(owner: Sender, task: () => Promise<void>): Promise<void> {
    if (owner.dead) return NEVER;
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        owner,
        run: async () => {
          try {
            await task();
            if (!owner.dead) resolve();
          } catch (error) {
            if (!owner.dead) reject(error);
          }
        },
      };
      this.queue.push(waiter);
      this.pump();
    });
  }

  abandon(owner: Sender): void {
    this.queue = this.queue.filter((waiter) => waiter.owner !== owner);
    if (this.held?.owner === owner) {
      this.held = null;
      this.pump();
    }
  }

  private pump(): void {
    if (this.held) return;
    const next = this.queue.shift();
    if (!next) return;
    this.held = next;
    void next.run().finally(() => {
      if (this.held === next) {
        this.held = null;
        this.pump();
      }
    });
  }
}

export interface Instance {
  sender: Sender;
  replayer: Replayer;
  stopped: boolean;
  /** Settles when the page dies (a dead replayer never goes idle). */
  killed: Promise<void>;
  kill: () => void;
}

/**
 * One device: its tabs (each a Replayer over the one shared Dexie database, under one lock),
 * each tab's clock (skewed), and the signed-in user, kept where the app keeps it (localStorage
 * jwt and company; the user beside it).
 */
export class Device {
  readonly lock = new DeviceLock();
  readonly instances: Instance[] = [];
  /** The live instance of each tab. */
  readonly tabs: Instance[] = [];
  readonly clocks: number[] = [];
  user: string | null = null;
  private nextId = 1;
  private readonly server: SyncServer;
  private readonly random: () => number;
  private readonly unusable: () => ReadonlySet<string>;

  /** `unusable`: tokens that no longer work (expired), never signed in with again. */
  constructor(server: SyncServer, random: () => number, unusable: () => ReadonlySet<string>) {
    this.server = server;
    this.random = random;
    this.unusable = unusable;
  }

  session(): ReplaySession | null {
    const jwt = readStored("jwt");
    if (!this.user || !jwt) return null;
    return { userId: this.server.userIds[this.user] as number, jwt };
  }

  author(): Author | null {
    const company = readStored("company");
    if (!this.user || !company) return null;
    return { userId: this.server.userIds[this.user] as number, username: this.user, company };
  }

  /** Signs `username` in with a token (a session) other than the current one. */
  async signIn(username: string): Promise<void> {
    const current = readStored("jwt");
    const avoid = new Set(this.unusable());
    if (current) avoid.add(current);
    const jwt = await this.server.token(username, avoid);
    writeStored("jwt", jwt);
    writeStored("company", String(this.server.companyId));
    this.user = username;
  }

  signOut(): void {
    writeStored("jwt", null);
    writeStored("company", null);
    this.user = null;
  }

  openTab(tab: number, skewMs: number): Instance {
    this.clocks[tab] = skewMs;
    const sender: Sender = { id: this.nextId++, tab, dead: false };
    const inTab = <T>(work: () => Promise<T>) => senderContext.run(sender, work);
    const replayer = new Replayer({
      send: (entry, session) => inTab(() => sendEntry(entry, session)),
      sendBatch: (entries, session) => inTab(() => sendBatch(entries, session)),
      batchable: (entry) => batchChangeOf(entry) !== null,
      readCurrent: (entry, session) => inTab(() => readCurrent(entry, session)),
      whoChanged: (entry, session) => inTab(() => whoChanged(entry, session)),
      session: () => this.session(),
      withLock: (task) => this.lock.request(sender, task),
      now: () => Date.now() + (this.clocks[tab] ?? 0),
      random: this.random,
    });
    let kill = () => {};
    const killed = new Promise<void>((resolve) => {
      kill = resolve;
    });
    const instance: Instance = { sender, replayer, stopped: false, killed, kill };
    this.instances.push(instance);
    this.tabs[tab] = instance;
    replayer.kick();
    return instance;
  }

  /** The page reloads: its code stops for good, its lock is released, a new replayer starts. */
  reload(sender: Sender): void {
    sender.dead = true;
    const instance = this.instances.find((each) => each.sender === sender);
    instance?.replayer.stop();
    instance?.kill();
    this.lock.abandon(sender);
    if (this.tabs[sender.tab]?.sender === sender)
      this.openTab(sender.tab, this.clocks[sender.tab] ?? 0);
  }

  /** The replayer is stopped (its code goes on) and a new one starts in the same tab. */
  restart(sender: Sender): void {
    const instance = this.instances.find((each) => each.sender === sender);
    if (!instance || instance.stopped) return;
    instance.stopped = true;
    instance.replayer.stop();
    if (this.tabs[sender.tab] === instance) this.openTab(sender.tab, this.clocks[sender.tab] ?? 0);
  }

  kickAll(): void {
    for (const tab of this.tabs) tab.replayer.kick();
  }

  /** The `online` event in every tab. */
  networkBackAll(): void {
    for (const tab of this.tabs) tab.replayer.networkBack();
  }

  /** Every instance that can still run (live, or stopped but not killed) is idle. */
  async idle(): Promise<void> {
    for (const instance of this.instances) {
      if (!instance.sender.dead) await Promise.race([instance.replayer.idle(), instance.killed]);
    }
  }

  /** Ends every tab (between runs). */
  closeAll(): void {
    for (const instance of this.instances) {
      instance.replayer.stop();
      instance.sender.dead = true;
      instance.kill();
      this.lock.abandon(instance.sender);
    }
    this.instances.length = 0;
    this.tabs.length = 0;
  }
}
