import {
  type APIRequestContext,
  expect,
  type Locator,
  type Page,
  type Request,
} from "@playwright/test";
import { COMPANY_HEADER } from "../../src/shared/contract/company";
import type { HistoryEntry, Shipment } from "../../src/shared/contract/shipments";
import { DEMO_PASSWORD } from "./demo-users";
import { LoginPage, PAGE_LOAD_TIMEOUT } from "./page-models";

/**
 * Page models of the offline journeys (issue 5): the expeditions/receptions list as a tablet
 * user works it offline, the top bar's sync indicator, the sync issues list, the logout warning,
 * the API as another user sees it, and a log of the PATCH requests the pages send. Selectors by
 * role and accessible name (English: the spec sets lang "en").
 */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export type ShipmentKind = "expeditions" | "receptions";
const pathOf = (kind: ShipmentKind) => (kind === "expeditions" ? "expedition" : "reception");

/**
 * Waits until the service worker is active (its precache complete): the next full page load is
 * then served by it, and so is a reload without network. Call it before that load.
 */
export async function serviceWorkerReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

/** The page is controlled by the service worker (a reload without network will work). */
export async function expectServiceWorkerControl(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
}

/** /expeditions or /receptions with the inline status selects. */
export class OfflineShipmentsList {
  readonly heading: Locator;
  readonly table: Locator;

  constructor(
    readonly page: Page,
    readonly kind: ShipmentKind,
  ) {
    this.heading = page.getByRole("heading", {
      level: 1,
      name: kind === "expeditions" ? "Expeditions" : "Receptions",
    });
    this.table = page.getByRole("table", { name: "Shipment lines" });
  }

  /** Opens the list filtered by delivery note (a prefix matches every line containing it). */
  async goto(code: string): Promise<void> {
    await this.page.goto(this.path(code));
    await expect(this.heading).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
  }

  /**
   * Signs `user` in on the login page that the list redirects to and lands on the list: one
   * page load, the session written by the same document that then shows the list.
   */
  async openAs(user: string, code: string): Promise<void> {
    const login = new LoginPage(this.page);
    await login.goto(this.path(code));
    await login.login(user, DEMO_PASSWORD);
    await expect(this.heading).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
    await expect(this.page).toHaveURL(this.path(code));
  }

  private path(code: string): string {
    return `/${this.kind}?code=${encodeURIComponent(code)}`;
  }

  /** The row of one line (or its card, on a tablet or for a fork-lift), by its delivery note. */
  row(code: string): Locator {
    return this.table
      .getByRole("row")
      .filter({ has: this.page.getByRole("cell", { name: code, exact: true }) })
      .or(
        this.page
          .getByRole("list", { name: "Shipment lines" })
          .getByRole("listitem", { name: code, exact: true }),
      );
  }

  statusSelect(code: string): Locator {
    return this.page.getByRole("combobox", {
      name: new RegExp(`^status of ${literal(code)}$`, "i"),
    });
  }

  async changeStatus(code: string, label: string): Promise<void> {
    await this.statusSelect(code).selectOption({ label });
  }

  /**
   * Each line as "<status id>", or "<status id> waiting" while its change waits for the server
   * (row aria-busy and "Waiting to sync"; the select stays usable, so a further change queues
   * behind). Reads at once, without waiting: for `expect.poll`.
   */
  async lineStates(codes: readonly string[]): Promise<string[]> {
    return Promise.all(
      codes.map(async (code) => {
        const select = this.statusSelect(code);
        if ((await select.count()) !== 1) return "missing";
        const [value, busy, disabled, marked] = await Promise.all([
          select.inputValue(),
          this.row(code).getAttribute("aria-busy"),
          select.isDisabled(),
          this.waitingMark(code).count(),
        ]);
        if (disabled) return `${value} disabled`;
        if ((busy === "true") !== (marked === 1)) return `${value} busy=${busy} marked=${marked}`;
        return busy === "true" ? `${value} waiting` : value;
      }),
    );
  }

  /** "Waiting to sync" on a line whose change has not reached the server. */
  waitingMark(code: string): Locator {
    return this.row(code).getByText("Waiting to sync", { exact: true });
  }

  /** Every line of `codes` shows `statusId`, waiting for the server or not. */
  async expectLines(codes: readonly string[], statusId: number, waiting: boolean): Promise<void> {
    const state = waiting ? `${statusId} waiting` : String(statusId);
    await expect
      .poll(() => this.lineStates(codes), { timeout: 15_000 })
      .toEqual(codes.map(() => state));
  }

  /** The "ERROR" notice saying a change was not saved. */
  errorSavingNotice(): Locator {
    return this.page.getByRole("alert").filter({ hasText: /error saving/i });
  }
}

/** The top bar: sync indicator, sync issues badge, User Config menu and its logout warning. */
export class SyncBar {
  readonly waiting: Locator;
  readonly issues: Locator;
  readonly logoutWarning: Locator;

  constructor(readonly page: Page) {
    this.waiting = page.getByRole("status").filter({ hasText: /changes? waiting/i });
    this.issues = page.getByRole("link", { name: /sync issues?$/i });
    this.logoutWarning = page
      .getByRole("alertdialog")
      .filter({ hasText: /not reached the server yet/i });
  }

  /** "N changes waiting", or none shown when `count` is 0. */
  async expectWaiting(count: number): Promise<void> {
    // Counted by a live query, which also follows other tabs' writes (Dexie's storage events).
    const options = { timeout: 15_000 };
    if (count === 0) await expect(this.waiting).toHaveCount(0, options);
    else await expect(this.waiting).toHaveText(new RegExp(`^${count} changes? waiting$`), options);
  }

  /** The badge link, named by its count ("1 sync issue"). */
  async expectIssues(count: number): Promise<void> {
    await expect(this.issues).toHaveAccessibleName(new RegExp(`^${count} sync issues?$`));
  }

  async askLogout(): Promise<void> {
    await this.page.getByRole("button", { name: /user config/i }).click();
    await this.page.getByRole("menuitem", { name: /^log ?out$/i }).click();
  }
}

/** /sync-issues: one card per refused change, named by the line's label. */
export class SyncIssuesPage {
  readonly heading: Locator;

  constructor(
    readonly page: Page,
    private readonly lang: "en" | "es" = "en",
  ) {
    const title = lang === "es" ? "Incidencias de sincronización" : "Sync issues";
    this.heading = page.getByRole("heading", { level: 1, name: title });
  }

  card(label: string): Locator {
    return this.page.getByRole("listitem", { name: label, exact: true });
  }

  reapply(label: string): Locator {
    const name =
      this.lang === "es"
        ? `Volver a aplicar el cambio de ${label}`
        : `Re-apply the change to ${label}`;
    return this.page.getByRole("button", { name });
  }

  dismiss(label: string): Locator {
    const name =
      this.lang === "es" ? `Descartar el cambio de ${label}` : `Dismiss the change to ${label}`;
    return this.page.getByRole("button", { name });
  }
}

/** One change a page sent (a PATCH, or one change of a batch): its key, and whether answered. */
interface SentPatch {
  key: string;
  path: string;
  outcome: "pending" | "answered" | "failed";
}

/** The changes a replayer request carries: a PATCH with its key, or a batch's changes. */
function changesOf(request: Request): { key: string; path: string }[] {
  const path = new URL(request.url()).pathname;
  const key = request.headers()["idempotency-key"];
  if (request.method() === "PATCH" && key) return [{ key, path }];
  if (request.method() !== "POST" || path !== "/api/shipment-changes") return [];
  const body = request.postDataJSON() as { changes: { key: string; type: string; id: number }[] };
  return body.changes.map((change) => ({
    key: change.key,
    path: `/api/${change.type}/${change.id}`,
  }));
}

/**
 * Every change the given pages send (the replayer's PATCHes and batches), each with the
 * outcome of its request. A key may be tried again only after an attempt that got no answer.
 */
export class PatchLog {
  readonly sent: SentPatch[] = [];
  private readonly byRequest = new Map<Request, SentPatch[]>();

  watch(page: Page): this {
    page.on("request", (request) => {
      const entries: SentPatch[] = changesOf(request).map((change) => ({
        ...change,
        outcome: "pending",
      }));
      if (entries.length === 0) return;
      this.sent.push(...entries);
      this.byRequest.set(request, entries);
    });
    page.on("requestfinished", (request) => this.settle(request, "answered"));
    page.on("requestfailed", (request) => this.settle(request, "failed"));
    return this;
  }

  private settle(request: Request, outcome: SentPatch["outcome"]): void {
    for (const entry of this.byRequest.get(request) ?? []) entry.outcome = outcome;
  }

  /** Keys that got an answer, with how many answered attempts each had. */
  answeredPerKey(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const entry of this.sent)
      if (entry.outcome === "answered") counts.set(entry.key, (counts.get(entry.key) ?? 0) + 1);
    return counts;
  }

  /** Attempts of every key that got no answer (offline tries before the network came back). */
  failed(): number {
    return this.sent.filter((entry) => entry.outcome === "failed").length;
  }

  /** Paths of the answered changes, in the order they were sent. */
  answeredPaths(): string[] {
    return this.sent.filter((entry) => entry.outcome === "answered").map((entry) => entry.path);
  }
}

/** The shipments API as one demo user sees it (tokens from POST /get-token, the app's login). */
export class ShipmentsApi {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
    readonly company: number,
  ) {}

  /** Signs `username` in; requests act in the user's first (default) company. */
  static async login(request: APIRequestContext, username: string): Promise<ShipmentsApi> {
    const answer = await request.post("/get-token", {
      data: { username, password: DEMO_PASSWORD },
    });
    expect(answer.ok(), `get-token for ${username}: ${answer.status()}`).toBe(true);
    const { access } = (await answer.json()) as { access: string };
    const auth = await request.get("/api/user/auth", {
      headers: { Authorization: `Bearer ${access}` },
    });
    expect(auth.ok(), `api/user/auth: ${auth.status()}`).toBe(true);
    const { user } = (await auth.json()) as { user: { groups: { id: number }[] } };
    const company = user.groups[0]?.id;
    if (company === undefined) throw new Error(`${username} has no company`);
    return new ShipmentsApi(request, access, company);
  }

  private headers(): Record<string, string> {
    return { Authorization: `Bearer ${this.token}`, [COMPANY_HEADER]: String(this.company) };
  }

  async byCode(kind: ShipmentKind, code: string): Promise<Shipment> {
    const answer = await this.request.get(`/api/${pathOf(kind)}`, {
      headers: this.headers(),
      params: { code, page_size: "100" },
    });
    expect(answer.ok(), `list ${kind} ${code}: ${answer.status()}`).toBe(true);
    const { results } = (await answer.json()) as { results: Shipment[] };
    const line = results.find((each) => each.code === code);
    if (!line) throw new Error(`no ${kind} line ${code}`);
    return line;
  }

  /** PATCH {status} with If-Match of the line's current version; the changed line. */
  async setStatus(kind: ShipmentKind, code: string, status: number): Promise<Shipment> {
    const current = await this.byCode(kind, code);
    if (current.status.id === status) return current;
    const answer = await this.request.patch(`/api/${pathOf(kind)}/${current.id}`, {
      headers: { ...this.headers(), "If-Match": `"${current.version}"` },
      data: { status },
    });
    expect(answer.ok(), `patch ${code} status ${status}: ${answer.status()}`).toBe(true);
    return (await answer.json()) as Shipment;
  }

  /** The line's history, newest first. */
  async history(id: number): Promise<HistoryEntry[]> {
    const answer = await this.request.get("/api/historic", {
      headers: this.headers(),
      params: { shipment: String(id) },
    });
    expect(answer.ok(), `historic ${id}: ${answer.status()}`).toBe(true);
    return ((await answer.json()) as { results: HistoryEntry[] }).results;
  }
}
