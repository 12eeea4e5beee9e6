import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { COMPANY_HEADER } from "../../src/shared/contract/company";
import type { Shipment } from "../../src/shared/contract/shipments";
import { DEMO_PASSWORD } from "./demo-users";
import { PAGE_LOAD_TIMEOUT, waitForPrivatePage } from "./page-models";

/**
 * Page model of the expeditions and receptions lists (/expeditions, /receptions), and the API
 * the journeys use to read or change lines behind the browser's back. Selectors by role and
 * accessible name; the patterns accept English and Spanish (the default locale) as the catalogs
 * translate them.
 */
const any = (...texts: string[]) => new RegExp(`^\\s*(${texts.join("|")})\\s*\\*?\\s*$`, "i");
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export type ShipmentKind = "expeditions" | "receptions";

export const SHIPMENT_LABELS = {
  expeditions: any("expeditions", "expediciones", "expedições"),
  receptions: any("receptions", "recepciones", "receções", "recepções"),
  /** The table's caption. */
  table: any("shipment lines", "líneas", "linhas"),
  actions: any("actions", "acciones", "ações"),
  status: any("status", "estado"),
  reason: any("reason", "motivo"),
  client: any("client", "cliente", "sku"),
  deliveryNote: any("delivery note", "albarán", "folio"),
  noLines: /(no lines found|no se encontraron líneas|não foram encontradas linhas)/i,
  errorTitle: /^error$/i,
  errorSaving: /(error saving|error al guardar|erro ao guardar)/i,
  nextPage: any("next page", "página siguiente", "página seguinte"),
  /** "40 lines, page 1 of 4" */
  summary: /(\d+) (lines?|líneas?|linhas?), (page|página) (\d+) (of|de) (\d+)/i,
  statusOf: (code: string) => any(`(status of|estado de) ${literal(code)}`),
  reasonOf: (code: string) => any(`(reason of|motivo de) ${literal(code)}`),
  deleteOf: (code: string) => any(`(delete|eliminar) ${literal(code)}`),
  detailsOf: (code: string) => any(`(details of|detalle de|detalhe de) ${literal(code)}`),
} as const;

/**
 * /expeditions or /receptions: heading, the lines (the desktop table, or line cards on tablets
 * and for fork-lift drivers: a list named like the table, one item per line named by its
 * delivery note), inline status and reason selects, pager.
 */
export class ShipmentsListPage {
  readonly heading: Locator;
  readonly table: Locator;
  /** Line cards (tablets, phones, fork-lifts). */
  readonly cards: Locator;
  /** The cards' delivery note or plate search box and Filters button. */
  readonly search: Locator;
  readonly filtersButton: Locator;
  readonly empty: Locator;
  readonly summary: Locator;
  readonly nextPage: Locator;

  constructor(
    readonly page: Page,
    readonly kind: ShipmentKind,
  ) {
    this.heading = page.getByRole("heading", { level: 1, name: SHIPMENT_LABELS[kind] });
    this.table = page.getByRole("table", { name: SHIPMENT_LABELS.table });
    this.cards = page.getByRole("list", { name: SHIPMENT_LABELS.table });
    this.search = page.getByRole("searchbox", {
      name: /delivery note|albarán|folio|matrícula|placa|plate/i,
    });
    this.filtersButton = page.getByRole("button", { name: /^(filters|filtros)\b/i });
    this.empty = page.getByText(SHIPMENT_LABELS.noLines);
    this.summary = page.getByText(SHIPMENT_LABELS.summary);
    this.nextPage = page
      .getByRole("navigation")
      .getByRole("button", { name: SHIPMENT_LABELS.nextPage });
  }

  /** Opens the list (search params as the URL keeps the filters: `{ code: "ALB-101007" }`). */
  async goto(search: Record<string, string> = {}): Promise<void> {
    const query = new URLSearchParams(search).toString();
    await waitForPrivatePage(this.page);
    await this.page.goto(`/${this.kind}${query ? `?${query}` : ""}`);
    await expect(this.heading).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
  }

  /** Reloads the page once it has settled (see waitForPrivatePage) and waits for its heading. */
  async reload(): Promise<void> {
    await waitForPrivatePage(this.page);
    await this.page.reload();
    await expect(this.heading).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
  }

  /** Waits for the first answer: rows, or the empty state. */
  async waitForLines(): Promise<void> {
    await expect(this.rows().first().or(this.empty)).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
  }

  columnHeaders(): Locator {
    return this.table.getByRole("columnheader");
  }

  columnHeader(name: RegExp): Locator {
    return this.table.getByRole("columnheader", { name });
  }

  /**
   * Body rows (the header row, which holds column headers rather than cells, left out), or
   * the line cards.
   */
  rows(): Locator {
    return this.table
      .getByRole("row")
      .filter({ has: this.page.getByRole("cell") })
      .or(this.cards.getByRole("listitem"));
  }

  /** The row or card of one line, by its delivery note (codes are unique within a company). */
  row(code: string): Locator {
    return this.table
      .getByRole("row")
      .filter({ has: this.page.getByRole("cell", { name: code, exact: true }) })
      .or(this.cards.getByRole("listitem", { name: code, exact: true }));
  }

  /** A card's field labels in order (facts, then details; status and reason are controls). */
  cardLabels(code: string): Locator {
    return this.cards.getByRole("listitem", { name: code, exact: true }).getByRole("term");
  }

  /** The line's delivery note as the card shows it (its heading). */
  cardTitle(code: string): Locator {
    return this.cards
      .getByRole("listitem", { name: code, exact: true })
      .getByRole("heading", { name: code, exact: true });
  }

  /** "Waiting to sync" on a line whose change has not reached the server. */
  waitingMark(code: string): Locator {
    return this.row(code).getByText(/waiting to sync|pendiente de sincronizar/i);
  }

  /** Waits until no change of the line waits for the server (the row is aria-busy meanwhile). */
  async waitUntilSaved(code: string): Promise<void> {
    await expect(this.row(code)).toHaveCount(1);
    await expect(this.row(code)).not.toHaveAttribute("aria-busy", "true");
  }

  statusSelect(code: string): Locator {
    return this.page.getByRole("combobox", { name: SHIPMENT_LABELS.statusOf(code) });
  }

  reasonSelect(code: string): Locator {
    return this.page.getByRole("combobox", { name: SHIPMENT_LABELS.reasonOf(code) });
  }

  deleteButton(code: string): Locator {
    return this.page.getByRole("button", { name: SHIPMENT_LABELS.deleteOf(code) });
  }

  /** Every inline status select of the page. */
  statusSelects(): Locator {
    return this.table.getByRole("combobox", { name: /^(status of|estado de) /i });
  }

  deleteButtons(): Locator {
    return this.table.getByRole("button", { name: /^(delete|eliminar) /i });
  }

  /**
   * The text of each row's cell under the column header `name`, in row order; [] while no
   * table shows. Reads each row at once (no waiting), so it suits `expect.poll`.
   */
  async columnTexts(name: RegExp): Promise<string[]> {
    const headers = await this.columnHeaders().allTextContents();
    const index = headers.findIndex((text) => name.test(text.trim()));
    if (index < 0) return [];
    const texts: string[] = [];
    for (const row of await this.rows().all()) {
      const cells = await row.getByRole("cell").allTextContents();
      const text = cells[index];
      if (text !== undefined) texts.push(text.trim());
    }
    return texts;
  }

  /** The "ERROR" notice saying a change was not saved. */
  errorSavingNotice(): Locator {
    return this.page
      .getByRole("alert")
      .filter({ has: this.page.getByText(SHIPMENT_LABELS.errorTitle) })
      .filter({ hasText: SHIPMENT_LABELS.errorSaving });
  }
}

/** The text of a select's chosen option, as the user reads it. */
export function chosenText(select: Locator): Promise<string> {
  return select.evaluate((element) =>
    element instanceof HTMLSelectElement ? (element.selectedOptions[0]?.text ?? "") : "",
  );
}

/** The shipments API as one demo user sees it (tokens from POST /get-token). */
export class ShipmentsApi {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async login(request: APIRequestContext, username: string): Promise<ShipmentsApi> {
    const answer = await request.post("/get-token", {
      data: { username, password: DEMO_PASSWORD },
    });
    expect(answer.ok(), `get-token for ${username}: ${answer.status()}`).toBe(true);
    const { access } = (await answer.json()) as { access: string };
    return new ShipmentsApi(request, access);
  }

  private headers(company?: number): Record<string, string> {
    return {
      Authorization: `Bearer ${this.token}`,
      ...(company === undefined ? {} : { [COMPANY_HEADER]: String(company) }),
    };
  }

  /** The user's companies in group order (the first is the default) and clients there. */
  async profile(company?: number): Promise<{ companies: number[]; clients: number[] }> {
    const answer = await this.request.get("/api/user/auth", { headers: this.headers(company) });
    expect(answer.ok(), `api/user/auth: ${answer.status()}`).toBe(true);
    const body = (await answer.json()) as { user: { groups: { id: number }[] }; clients: number[] };
    return { companies: body.user.groups.map((group) => group.id), clients: body.clients };
  }

  /** Every line of the kind the user sees in the company (unfiltered, one page). */
  async list(kind: ShipmentKind, company: number, query: Record<string, string> = {}) {
    const answer = await this.request.get(`/api/${pathOf(kind)}`, {
      headers: this.headers(company),
      params: { page_size: "1000", ...query },
    });
    expect(answer.ok(), `list ${kind}: ${answer.status()}`).toBe(true);
    return (await answer.json()) as { count: number; results: Shipment[] };
  }

  /** The one line with this delivery note. */
  async byCode(kind: ShipmentKind, company: number, code: string): Promise<Shipment> {
    const { results } = await this.list(kind, company, { code });
    const line = results.find((each) => each.code === code);
    if (!line) throw new Error(`no ${kind} line ${code} in company ${company}`);
    return line;
  }

  /** PATCH with If-Match of the line's current version; answers the changed line. */
  async patch(
    kind: ShipmentKind,
    company: number,
    code: string,
    body: { status: number } | { reason: string | null },
  ): Promise<Shipment> {
    const current = await this.byCode(kind, company, code);
    const answer = await this.request.patch(`/api/${pathOf(kind)}/${current.id}`, {
      headers: { ...this.headers(company), "If-Match": `"${current.version}"` },
      data: body,
    });
    expect(answer.ok(), `patch ${code} ${JSON.stringify(body)}: ${answer.status()}`).toBe(true);
    return (await answer.json()) as Shipment;
  }
}

const pathOf = (kind: ShipmentKind) => (kind === "expeditions" ? "expedition" : "reception");
