import type { Author } from "../../../src/client/offline/outbox";
import type { Shipment } from "../../../src/shared/contract/shipments";
import type { ShipmentType } from "../../../src/shared/contract/status";
import type { Device } from "./device";
import type { FaultyNetwork, WriteFault } from "./network";
import type { DeviceUser, SyncServer } from "./server";

/** The types of a run: its plan (plan.ts makes one) and its record (run.ts fills one). */

/**
 * One randomized run, fixed by its seed: the rows, the steps the device and the world take,
 * and (per change and attempt, whatever the interleaving) the faults of the network.
 */
export interface RowPlan {
  type: ShipmentType;
  /**
   * Distinct statuses of the type other than its default (the row's initial status), handed
   * out to changes in step order, so every history entry names the change that wrote it.
   */
  statuses: number[];
}

export type Step =
  /** The signed-in user changes the row's status (or, invalid, sets a reason no status has). */
  | { kind: "change"; row: number; status: number | null }
  /**
   * The signed-in user adds a photo to the row's documents (issue 24: an outbox entry with its
   * bytes); a `large` one is over the server's limit, refused 413 payload_too_large.
   */
  | { kind: "upload"; row: number; large: boolean }
  /**
   * The signed-in user books a task line (a creation under its uid, issue 17); an `invalid`
   * one names a client of another company, refused 400 with a field code on `client`. Only
   * admin books them; with another user signed in the step does nothing.
   */
  | { kind: "taskLine"; invalid: boolean }
  /**
   * The signed-in user edits the run's `task`-th task line as the device shows it (its
   * reference and hours), through the form's command: folded into its queued creation or edit
   * while unsent, queued after it otherwise. Only admin; nothing when the line is not shown.
   */
  | { kind: "taskEdit"; task: number }
  /** The signed-in user deletes the `task`-th task line (a queued, unsent creation just goes). */
  | { kind: "taskDelete"; task: number }
  /**
   * The signed-in user saves a form in the trw company with no answer (issue 24: queued by the
   * form's command): a shipment (of `type`), a truck or a critical line. `refusal`: a reception
   * booked into the full hour or on the restricted day, refused by the dock for admin.
   */
  | {
      kind: "form";
      form: FormRecord["kind"];
      type: ShipmentType;
      refusal: "slot_full" | "restricted_date" | null;
      /** A series (repeated reception): how many daily occurrences; its second one meets `refusal`. */
      occurrences?: number;
      /** Saved offline: queued with no attempt (no key yet), so a delete may fold it away. */
      untried?: boolean;
    }
  /** The signed-in user edits the run's `form`-th shipment, truck or critical line as the device shows it. */
  | { kind: "formEdit"; form: number }
  /** Another device deletes the run's `form`-th shipment (once the server has it). */
  | { kind: "formDelete"; form: number }
  /**
   * Another user changes a field of the run's `form`-th shipment, truck or critical line that
   * the device's edits never touch (once the server has it): the device's edits made on the
   * older version meet a 412 and are merged field by field (issue 24).
   */
  | { kind: "formOtherEdit"; form: number }
  /**
   * The signed-in user deletes the run's `form`-th shipment as the device shows it
   * (`queueShipmentDelete`); a creation never sent goes with it, asking the server nothing.
   */
  | { kind: "shipmentDelete"; form: number }
  /**
   * The signed-in user checks a registered truck in to a line of its own, booked now, at the
   * gate (check-in/commands.ts `queueCheckIn`); `taken`: another gate gave the line a truck
   * after the device mirrored it, refused 409 line_taken.
   */
  | { kind: "checkIn"; type: ShipmentType; taken: boolean }
  /**
   * The signed-in user checks out (`queueCheckOut`) the truck of the run's `visit`-th
   * check-in (only its author, once), or (null) a registered truck that never arrived,
   * refused 409 truck_not_arrived.
   */
  | { kind: "checkOut"; visit: number | null }
  /** Another user, on another device, changes the row's status. */
  | { kind: "otherEdit"; row: number; status: number }
  /** The device goes offline for `ms`, then back (the `online` event). */
  | { kind: "offline"; ms: number }
  | { kind: "online" }
  /** Heartbeat or visibility change in every tab. */
  | { kind: "kick" }
  /** The other device user signs in on this device. */
  | { kind: "switchUser" }
  /** The same user signs in again (a new token). */
  | { kind: "relogin" }
  | { kind: "signOut" }
  | { kind: "wait"; ms: number }
  /** A tab's clock jumps. */
  | { kind: "clockJump"; tab: number; ms: number }
  /** The network goes down or comes back (with the `online` event) until told otherwise. */
  | { kind: "network"; online: boolean }
  /** Lets the tabs finish what they can now (deterministic tests). */
  | { kind: "settle" }
  /** An assertion in the middle of a run (deterministic tests). */
  | { kind: "check"; check: (record: RunRecord) => Promise<void> | void };

export interface Plan {
  seed: number;
  rows: RowPlan[];
  /** Clock offset of each tab (1 or 2 tabs). */
  skews: number[];
  firstUser: DeviceUser;
  /** Chance that a write attempt meets a fault. */
  faultRate: number;
  /** Scripted faults instead: by change index, the fault of each attempt (then none). */
  faults?: Partial<Record<number, WriteFault[]>>;
  steps: Step[];
}

/** One queued change of a run, and what became of it. */
export interface ChangeRecord {
  index: number;
  row: number;
  /** The status it sets; null for an invalid change (a reason no status has). */
  status: number | null;
  /** Request body, unique within the row (how sync issues and history name it). */
  body: Record<string, unknown>;
  author: string;
  mutationId: string;
}

/** One queued upload of a run, and its file's unique name (how the server and issues name it). */
export interface UploadRecord {
  index: number;
  row: number;
  name: string;
  large: boolean;
  author: string;
  mutationId: string;
}

/** One task line booked in a run (its uid and reference are unique to it). */
export interface TaskLineRecord {
  index: number;
  uid: string;
  reference: string;
  invalid: boolean;
  author: string;
  mutationId: string;
  /** The references its edits set, in the order they were made (the last one must win). */
  edits: string[];
  /** Deleted on the device (it must be gone from the server and the device). */
  deleted: boolean;
  /** The ids the device showed it under (local, then the server's): how issues name it. */
  ids: number[];
  /** The outbox entries its edits and delete became (a folded one adds none). */
  keys: string[];
}

/** One form saved in a run (its uid and text value are unique to it). */
export interface FormRecord {
  index: number;
  kind: "shipment" | "truck" | "criticalLine" | "series";
  type: ShipmentType;
  uid: string;
  /** The dock's refusal the creation must meet (admin only), or null. */
  refusal: "slot_full" | "restricted_date" | null;
  author: string;
  mutationId: string;
  /** Company notes, truck name or critical line observations: how the server names it. */
  value: string;
  edits: { value: string; mutationId: string; author: string; afterDelete: boolean }[];
  deletedByOther: boolean;
  /**
   * The value another user set on a field the device's edits never touch (a shipment's
   * status, a truck's capacity, a critical line's contact), or null: it must survive the
   * device's merged edits.
   */
  otherValue: number | string | null;
  /** Deleted on the device: the delete's key (the creation's when folded into it) and author. */
  deletedHere: { mutationId: string; author: string } | null;
  /**
   * A series (issue 24): its occurrences' uids and days in order (`uid` above is the first's,
   * the line the device shows and edits while it waits) and the dock's refusal of the second.
   */
  series?: { uids: string[]; days: string[]; refusal: "slot_full" | "restricted_date" | null };
}

/** One check-in queued at the gate (its uid, line and truck are its own). */
export interface CheckInRecord {
  index: number;
  uid: string;
  mutationId: string;
  author: string;
  lineId: number;
  truckId: number;
  plate: string;
  /** The truck another gate checked in to the line first (the check-in is refused), or null. */
  otherPlate: string | null;
  /** The start of the yard's day when it was queued (a day that ended meanwhile: line_mismatch). */
  day: number;
}

/** One check-out queued at the gate. */
export interface CheckOutRecord {
  index: number;
  uid: string;
  mutationId: string;
  author: string;
  truckId: number;
  plate: string;
  /** The check-in whose truck leaves, or null: a truck that never arrived. */
  visit: number | null;
}

export interface OtherEdit {
  row: number;
  status: number;
}

export interface RunRecord {
  plan: Plan;
  /** The rows as created (version and status before the run). */
  rows: Shipment[];
  changes: ChangeRecord[];
  uploads: UploadRecord[];
  taskLines: TaskLineRecord[];
  forms: FormRecord[];
  checkIns: CheckInRecord[];
  checkOuts: CheckOutRecord[];
  otherEdits: OtherEdit[];
  network: FaultyNetwork;
  device: Device;
  /** Why the device did not get quiet, if it did not. */
  stuck?: string;
  /** Where the run is (a hung run reports it). */
  progress: string;
}

/** What a form or gate step is played with (support/forms.ts, support/gate.ts). */
export interface StepContext {
  server: SyncServer;
  record: RunRecord;
  /** The signed-in user, who queues the step's writes. */
  author: Author;
  /** Seeds the faults of an outbox entry (its number for faultFor). */
  seedFaults: (mutationId: string, change: number) => void;
}
