import { SHIPMENT_TYPE } from "../../../../shared/constants";
import { Client, type ClientInput } from "../../../../shared/contract/clients";
import { listOf } from "../../../../shared/contract/paging";
import { Shipper } from "../../../../shared/contract/trucks";
import { isTransient } from "../../../lib/errors";
import { http } from "../../../lib/http";
import { db } from "../../../offline/db";
import { mirroredClients } from "../../../offline/shipments-mirror";
import type { ShipmentClient, ShipmentTruck } from "../form-commands-values";

/** What the form's client and truck selects look up, online and (from the mirror) offline. */

const CLIENTS = listOf(Client);
const TRUCKS = listOf(Shipper);
const LIMIT = "20";

export interface ClientOption extends ShipmentClient {
  text: string;
}
export interface TruckOption extends ShipmentTruck {
  text: string;
  detail: string;
}

export const clientOption = (client: ShipmentClient): ClientOption => ({
  id: client.id,
  description: client.description,
  text: client.description,
});

export const truckOption = (truck: ShipmentTruck): TruckOption => ({
  id: truck.id,
  name: truck.name,
  phone: truck.phone,
  plate: truck.plate,
  text: truck.plate,
  detail: truck.name,
});

const contains = (text: string, query: string) => text.toLowerCase().includes(query.toLowerCase());

/** Clients whose description contains `text`; offline, those of the mirrored lines. */
export async function searchClients(
  text: string,
  company: number,
  signal: AbortSignal,
): Promise<ClientOption[]> {
  try {
    const body = await http.get<unknown>("api/client", {
      searchParams: { search: text, page_size: LIMIT },
      signal,
    });
    return CLIENTS.parse(body).results.map(clientOption);
  } catch (error) {
    if (!isTransient(error)) throw error;
    const known = [
      ...(await mirroredClients(company, SHIPMENT_TYPE.expedition)),
      ...(await mirroredClients(company, SHIPMENT_TYPE.reception)),
    ];
    const unique = new Map(known.map((client) => [client.id, client]));
    return [...unique.values()].filter((c) => contains(c.description, text)).map(clientOption);
  }
}

/** Trucks whose plate contains `text`; offline, the mirrored trucks. */
export async function searchTrucks(
  text: string,
  company: number,
  signal: AbortSignal,
): Promise<TruckOption[]> {
  try {
    const body = await http.get<unknown>("api/shipper", {
      searchParams: { plate: text, page_size: LIMIT },
      signal,
    });
    return TRUCKS.parse(body).results.map(truckOption);
  } catch (error) {
    if (!isTransient(error)) throw error;
    const plate = text.replace(/[\s-]/g, "").toUpperCase();
    const trucks = await db.trucks.where("company").equals(company).toArray();
    return trucks
      .filter((truck) => truck.id > 0 && truck.plate.includes(plate))
      .slice(0, Number(LIMIT))
      .map(truckOption);
  }
}

export async function saveClient(
  input: ClientInput,
  existing: { id: number; version: number } | null,
): Promise<Client> {
  const body = existing
    ? await http.put<unknown>(`api/client/${existing.id}`, input, {
        headers: { "If-Match": `"${existing.version}"` },
      })
    : await http.post<unknown>("api/client", input);
  return Client.parse(body);
}

export async function getClient(id: number): Promise<Client> {
  return Client.parse(await http.get<unknown>(`api/client/${id}`));
}
