import { setTimeout as sleep } from "node:timers/promises";
import { i18n } from "@lingui/core";
import { reasonCommand, statusCommand } from "../../../src/client/features/shipments/commands";
import {
  queueTaskLineCreation,
  queueTaskLineDelete,
  queueTaskLineEdit,
} from "../../../src/client/features/task-list/commands";
import { db, type OutboxRow } from "../../../src/client/offline/db";
import { enqueue } from "../../../src/client/offline/outbox";
import { enqueueUpload } from "../../../src/client/offline/uploads";
import type { Shipment } from "../../../src/shared/contract/shipments";
import { Device } from "./device";
import { playFormStep } from "./forms";
import { playGateStep } from "./gate";
import { FaultyNetwork } from "./network";
import { faultFor } from "./plan";
import { rng } from "./prng";
import { queuedKeyOf } from "./queued-key";
import type { Plan, RunRecord, Step, StepContext } from "./records";
import { DEVICE_USERS, type SyncServer, UPLOAD_MAX_BYTES } from "./server";

/** Where an upload's faults are seeded (faultFor's change number): apart from the changes'. */
export const UPLOAD_FAULT_BASE = 500;
/** Where a task line's faults are seeded. */
export const TASK_FAULT_BASE = 700;
/** Where the faults of task line edits and deletes are seeded. */
export const TASK_CHANGE_FAULT_BASE = 800;

const TASK_LABELS = { user: "admin", worksheet: "Sync runs", description: "Run work", client: "C" };

/** How many rounds of "sign the waiting user in, network back, wait" quiescence may take. */
const QUIESCENCE_ROUNDS = 40;

/** The world of a test file: one server, one network over it, a device per run. */
export class World {
  readonly server: SyncServer;
  readonly network: FaultyNetwork;
  private readonly keys = new Map<string, number>();
  private plan: Plan | null = null;
  device: Device | null = null;
  /** Set once a run's steps are done: no more random faults. */
  private healed = false;
  /** The run under way (a hung run is reported from it). */
  current: RunRecord | null = null;
  /** Outbox entries added since the last look (how a command's new entry is found). */
  private added: OutboxRow[] = [];

  constructor(server: SyncServer, realFetch: typeof fetch) {
    this.server = server;
    this.network = new FaultyNetwork(realFetch, {
      plan: ({ key, attempt }) => {
        // Healing ends the random faults; a scripted one happens whenever its attempt comes.
        if (!this.plan || (this.healed && !this.plan.faults)) return "none";
        return faultFor(this.plan, this.keys.get(key) ?? 999, attempt);
      },
      delay: ({ key, attempt }) => ((this.keys.get(key) ?? 0) % 7) + attempt * 3,
      reload: (sender) => this.device?.reload(sender),
      restart: (sender) => this.device?.restart(sender),
      online: () => this.device?.networkBackAll(),
    });
    db.outbox.hook("creating", (_key, entry) => {
      this.added.push(entry);
    });
  }

  /** Between runs: no tab left, every request answered, empty tables, nobody signed in. */
  async reset(): Promise<void> {
    this.device?.closeAll();
    await this.network.settle();
    this.network.reset();
    this.keys.clear();
    await Promise.all(db.tables.map((table) => table.clear()));
    localStorage.clear();
  }

  async run(plan: Plan): Promise<RunRecord> {
    this.current = null;
    await this.reset();
    this.plan = plan;
    this.healed = false;
    const random = rng(plan.seed ^ 0x5eed);
    const device = new Device(this.server, random.next, () => this.network.expired);
    this.device = device;
    const { server, network } = this;
    const rows: Shipment[] = [];
    for (const row of plan.rows) rows.push(await server.takeLine(row.type));
    await db.shipments.bulkPut(rows); // as the list screen mirrored them
    await device.signIn(plan.firstUser);
    for (const [tab, skew] of plan.skews.entries()) device.openTab(tab, skew);
    const record: RunRecord = {
      plan,
      rows,
      changes: [],
      uploads: [],
      taskLines: [],
      forms: [],
      checkIns: [],
      checkOuts: [],
      otherEdits: [],
      network,
      device,
      progress: "started",
    };
    this.current = record;
    for (const [index, step] of plan.steps.entries()) {
      record.progress = `step ${index} (${step.kind})`;
      await this.step(step, record);
    }
    record.stuck = await this.quiesce(record);
    record.progress = "done";
    return record;
  }

  private async step(step: Step, record: RunRecord): Promise<void> {
    const { plan, rows, device } = record;
    const { server, network } = this;
    switch (step.kind) {
      case "change": {
        if (!device.author()) await device.signIn(plan.firstUser); // the UI needs a session
        const author = device.author();
        const line = await db.shipments.get((rows[step.row] as Shipment).id);
        if (!author || !line) throw new Error("no author or no mirrored row");
        const index = record.changes.length;
        const command =
          step.status === null
            ? reasonCommand(
                line,
                { status: line.status.id, code: `NO_SUCH_${index}`, name: "none", description: "" },
                i18n,
              )
            : statusCommand(line, step.status, i18n);
        const mutationId = await enqueue(command, author);
        this.keys.set(mutationId, index);
        record.changes.push({
          index,
          row: step.row,
          status: step.status,
          body: command.body ?? {},
          author: author.username,
          mutationId,
        });
        device.kickAll(); // this tab, and the others through the broadcast
        break;
      }
      case "upload": {
        if (!device.author()) await device.signIn(plan.firstUser);
        const author = device.author();
        if (!author) throw new Error("no author");
        const index = record.uploads.length;
        const name = `run-${plan.seed}-photo-${index}.jpg`;
        const size = step.large ? UPLOAD_MAX_BYTES + 1024 : 2048 + index;
        // A JPEG signature first: the server keeps only the types it sniffs as kept (415).
        const bytes = new Uint8Array(size).fill(index + 1);
        bytes.set([0xff, 0xd8, 0xff, 0xe0]);
        const photo = new File([bytes], name, {
          type: "image/jpeg",
        });
        const mutationId = await enqueueUpload((rows[step.row] as Shipment).id, photo, author);
        this.keys.set(mutationId, UPLOAD_FAULT_BASE + index);
        record.uploads.push({
          index,
          row: step.row,
          name,
          large: step.large,
          author: author.username,
          mutationId,
        });
        device.kickAll();
        break;
      }
      case "taskLine": {
        const author = device.author();
        if (!author || author.username !== "admin") break;
        const choices = await server.taskChoices();
        const index = record.taskLines.length;
        const uid = crypto.randomUUID();
        const reference = `run-${plan.seed}-task-${index}`;
        const mutationId = await queueTaskLineCreation(
          uid,
          {
            date: "2032-03-01",
            user: author.userId,
            worksheet: choices.worksheet,
            description: choices.description,
            client: step.invalid ? choices.foreignClient : choices.client,
            reference,
            time_hours: 1 + index,
          },
          TASK_LABELS,
          author,
        ).then(() => queuedKeyOf(this.network, uid));
        this.keys.set(mutationId, TASK_FAULT_BASE + index);
        record.taskLines.push({
          index,
          uid,
          reference,
          invalid: step.invalid,
          author: author.username,
          mutationId,
          edits: [],
          deleted: false,
          ids: [],
          keys: [],
        });
        device.kickAll();
        break;
      }
      case "taskEdit":
      case "taskDelete": {
        const author = device.author();
        const task = record.taskLines[step.task];
        if (!author || author.username !== "admin" || !task || task.deleted) break;
        // The line as the device's list shows it now (gone once its creation was refused).
        const line = await db.taskLines.filter((each) => each.uid === task.uid).first();
        if (!line) break;
        task.ids.push(line.id);
        this.added = [];
        if (step.kind === "taskDelete") {
          await queueTaskLineDelete(line, author);
          task.deleted = true;
        } else {
          const reference = `${task.reference}-e${task.edits.length + 1}`;
          await queueTaskLineEdit(
            line,
            {
              date: line.date,
              user: line.user.id,
              worksheet: line.worksheet.id,
              description: line.description.id,
              client: line.client?.id ?? 0,
              reference,
              time_hours: 2 + task.edits.length,
            },
            TASK_LABELS,
            author,
          );
          task.edits.push(reference);
        }
        // The ids the device shows it under now (the server's, once its creation is answered).
        await db.taskLines.each((each) => {
          if (each.uid === task.uid && !task.ids.includes(each.id)) task.ids.push(each.id);
        });
        for (const entry of this.added) {
          if (entry.entity !== "task_line" || !task.ids.includes(Number(entry.entityId))) continue;
          this.keys.set(
            entry.mutationId,
            TASK_CHANGE_FAULT_BASE + task.index * 10 + task.keys.length,
          );
          task.keys.push(entry.mutationId);
        }
        device.kickAll();
        break;
      }
      case "form":
      case "formEdit":
      case "formDelete":
      case "formOtherEdit":
      case "shipmentDelete":
      case "checkIn":
      case "checkOut": {
        if (!device.author()) await device.signIn(plan.firstUser);
        const author = device.author();
        if (!author) throw new Error("no author");
        const context: StepContext = {
          server,
          record,
          author,
          seedFaults: (mutationId, change) => this.keys.set(mutationId, change),
        };
        if (step.kind === "checkIn" || step.kind === "checkOut") await playGateStep(step, context);
        else await playFormStep(step, context);
        device.kickAll();
        break;
      }
      case "otherEdit":
        await server.editAsOther(rows[step.row] as Shipment, step.status);
        record.otherEdits.push({ row: step.row, status: step.status });
        break;
      case "offline":
        network.offline = true;
        await sleep(step.ms);
        network.offline = false;
        device.networkBackAll();
        break;
      case "online":
        device.networkBackAll();
        break;
      case "kick":
        device.kickAll();
        break;
      case "switchUser": {
        const other = DEVICE_USERS.find((user) => user !== device.user) ?? plan.firstUser;
        await device.signIn(other);
        device.kickAll();
        break;
      }
      case "relogin":
        await device.signIn(device.user ?? plan.firstUser);
        device.kickAll();
        break;
      case "signOut":
        device.signOut();
        break;
      case "wait":
        await sleep(step.ms);
        break;
      case "network":
        network.offline = !step.online;
        if (step.online) device.networkBackAll();
        break;
      case "settle":
        await device.idle();
        await network.settle();
        await device.idle();
        break;
      case "check":
        await step.check(record);
        break;
      case "clockJump":
        device.clocks[step.tab] = (device.clocks[step.tab] ?? 0) + step.ms;
        break;
      default:
        throw new Error(`unknown step ${JSON.stringify(step satisfies never)}`);
    }
  }

  /**
   * Heals every fault and lets the device finish: the author of the oldest waiting change
   * signs in (again, if their token expired), the network comes back, the tabs go idle.
   */
  private async quiesce(record: RunRecord): Promise<string | undefined> {
    const { network, device } = record;
    this.healed = true;
    network.offline = false;
    for (let round = 0; round < QUIESCENCE_ROUNDS; round++) {
      record.progress = `quiescence round ${round}: waiting for the tabs`;
      await device.idle();
      record.progress = `quiescence round ${round}: waiting for the network`;
      await network.settle();
      record.progress = `quiescence round ${round}`;
      const oldest = await db.outbox.orderBy("seq").first();
      if (!oldest) {
        await device.idle();
        await network.settle();
        if ((await db.outbox.count()) === 0) return undefined;
        continue;
      }
      const jwt = localStorage.getItem("jwt");
      if (device.user !== oldest.username || !jwt || network.expired.has(jwt)) {
        await device.signIn(oldest.username);
      }
      device.networkBackAll();
      await sleep(1);
    }
    return `the outbox did not drain: ${await db.outbox.count()} entries left`;
  }
}
