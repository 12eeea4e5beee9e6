import { expect, type Locator, type Page } from "@playwright/test";
import { PAGE_LOAD_TIMEOUT, waitForPrivatePage } from "./page-models";

/**
 * Page models of the trucks screens (/trucks and /truck/{id?}). Selectors by role and
 * accessible name; the patterns accept English, Spanish (the default locale), Portuguese and
 * Mexican Spanish, as the catalogs translate them.
 */
const any = (...texts: string[]) => new RegExp(`^\\s*(${texts.join("|")})\\s*\\*?\\s*$`, "i");
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export const TRUCK_LABELS = {
  listTitle: any("trucks", "camiones", "camiões"),
  formTitle: any("trucks sign up", "alta de camiones", "registo de camiões"),
  addTruck: any("add truck", "añadir camión", "adicionar camião", "agregar camión"),
  plate: any("plate", "matrícula", "placa"),
  name: any("name", "nombre", "nome"),
  capacityLoad: any("capacity load", "capacidad de carga", "capacidade de carga"),
  phone: any("phone", "teléfono", "telefone"),
  countryCode: any("country code", "prefijo del país", "indicativo do país", "lada internacional"),
  apply: any("apply", "aplicar"),
  save: any("save", "guardar"),
  cancel: any("cancel", "cancelar"),
  confirm: any("confirm", "confirmar"),
  deleteQuestion: /(DELETE the truck|ELIMINAR el camión|ELIMINAR o camião)/,
  noTrucks:
    /(no trucks found|no se han encontrado camiones|não foram encontrados camiões|no se encontraron camiones)/i,
  offlineMarker:
    /(offline|sin conexión|sem ligação), (updated|actualizado|atualizado) \d{2}:\d{2}/i,
  nextPage: any("next page", "página siguiente", "página seguinte"),
  details: (plate: string) => any(`(details of|detalle de|detalhe de) ${literal(plate)}`),
  delete: (plate: string) => any(`(delete|eliminar) ${literal(plate)}`),
} as const;

/**
 * /trucks: filters, table (desktop) or cards (tablets and phones: a list named Trucks, one
 * item per truck named by its plate), pager and the delete confirmation.
 */
export class TrucksListPage {
  readonly heading: Locator;
  readonly addTruck: Locator;
  readonly plateFilter: Locator;
  readonly nameFilter: Locator;
  readonly apply: Locator;
  readonly table: Locator;
  readonly cards: Locator;
  readonly confirmDialog: Locator;
  readonly offlineMarker: Locator;
  readonly empty: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { level: 1, name: TRUCK_LABELS.listTitle });
    this.addTruck = page.getByRole("link", { name: TRUCK_LABELS.addTruck });
    this.plateFilter = page.getByRole("textbox", { name: TRUCK_LABELS.plate });
    this.nameFilter = page.getByRole("textbox", { name: TRUCK_LABELS.name });
    this.apply = page.getByRole("button", { name: TRUCK_LABELS.apply });
    this.table = page.getByRole("table");
    this.cards = page.getByRole("list", { name: TRUCK_LABELS.listTitle });
    this.confirmDialog = page.getByRole("alertdialog");
    this.offlineMarker = page.getByText(TRUCK_LABELS.offlineMarker);
    this.empty = page.getByText(TRUCK_LABELS.noTrucks);
  }

  async goto(query = ""): Promise<void> {
    await waitForPrivatePage(this.page);
    await this.page.goto(`/trucks${query}`);
    await expect(this.heading).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
  }

  /** Body rows of the table (the header row left out). */
  rows(): Locator {
    return this.table.locator("tbody").getByRole("row");
  }

  /** The first answer of the list API (slow on a cold server, like the page load). */
  async waitForRows(): Promise<void> {
    await expect(this.rows().first()).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
  }

  /** Plates of the rows shown, in order. */
  async plates(): Promise<string[]> {
    const cells = this.rows().locator("td:nth-child(2)");
    return (await cells.allInnerTexts()).map((text) => text.trim());
  }

  /** The card of a truck (tablets and phones), named by its plate. */
  card(plate: string): Locator {
    return this.cards.getByRole("listitem", { name: plate, exact: true });
  }

  /** Plates heading the cards shown, in order. */
  async cardPlates(): Promise<string[]> {
    const titles = this.cards.getByRole("listitem").getByRole("heading");
    return (await titles.allInnerTexts()).map((text) => text.trim());
  }

  detailLink(plate: string): Locator {
    return this.page.getByRole("link", { name: TRUCK_LABELS.details(plate) });
  }

  deleteButton(plate: string): Locator {
    return this.page.getByRole("button", { name: TRUCK_LABELS.delete(plate) });
  }

  async filterByPlate(plate: string): Promise<void> {
    await this.plateFilter.fill(plate);
    await this.apply.click();
  }

  async deleteTruck(plate: string): Promise<void> {
    await this.deleteButton(plate).click();
    await expect(this.confirmDialog).toContainText(TRUCK_LABELS.deleteQuestion);
    await this.confirmDialog.getByRole("button", { name: TRUCK_LABELS.confirm }).click();
    await expect(this.confirmDialog).toBeHidden();
  }
}

/** /truck/{id?}: the sign-up form with the plate autocomplete. */
export class TruckFormPage {
  readonly heading: Locator;
  readonly plate: Locator;
  readonly name: Locator;
  readonly capacityLoad: Locator;
  readonly countryCode: Locator;
  readonly phone: Locator;
  readonly save: Locator;
  readonly cancel: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { level: 1, name: TRUCK_LABELS.formTitle });
    this.plate = page.getByRole("combobox", { name: TRUCK_LABELS.plate });
    this.name = page.getByRole("textbox", { name: TRUCK_LABELS.name });
    this.capacityLoad = page.getByRole("textbox", { name: TRUCK_LABELS.capacityLoad });
    this.countryCode = page.getByLabel(TRUCK_LABELS.countryCode);
    this.phone = page.getByRole("textbox", { name: TRUCK_LABELS.phone });
    this.save = page.getByRole("button", { name: TRUCK_LABELS.save });
    this.cancel = page.getByRole("button", { name: TRUCK_LABELS.cancel });
  }

  async goto(id?: number): Promise<void> {
    await waitForPrivatePage(this.page);
    await this.page.goto(id === undefined ? "/truck" : `/truck/${id}`);
    await expect(this.heading).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
  }

  /** The plate suggestions listed for what was typed. */
  suggestions(): Locator {
    return this.page.getByRole("listbox").getByRole("option");
  }

  async fillNew(truck: {
    plate: string;
    name: string;
    capacityLoad?: string;
    country?: string;
    phone?: string;
  }): Promise<void> {
    await this.plate.fill(truck.plate);
    await this.name.fill(truck.name);
    if (truck.capacityLoad !== undefined) await this.capacityLoad.fill(truck.capacityLoad);
    if (truck.country !== undefined) await this.countryCode.selectOption(truck.country);
    if (truck.phone !== undefined) await this.phone.fill(truck.phone);
  }
}
