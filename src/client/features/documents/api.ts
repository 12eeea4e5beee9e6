import {
  AttachmentContent,
  AttachmentList,
  type AttachmentMailRequest,
  type AttachmentScope,
  MailStatus,
  ShipmentQr,
} from "../../../shared/contract/documents";
import {
  Material,
  type MaterialInput,
  PackingLine,
  type PackingLineInput,
  PackingLineList,
} from "../../../shared/contract/documents-packing";
import { http } from "../../lib/http";
import { currentLocale } from "../../lib/i18n";

/** api/attachment and the line's documents (QR, label, check list), answers parsed. */
export async function listAttachments(shipment: number) {
  const body = await http.get<unknown>(`api/attachment?shipment=${shipment}&page_size=500`);
  return AttachmentList.parse(body).results;
}

export async function imageContent(id: number): Promise<string> {
  const body = AttachmentContent.parse(await http.get<unknown>(`api/attachment/${id}/content`));
  return `data:${body.content_type};base64,${body.file}`;
}

export function deleteAttachment(id: number): Promise<unknown> {
  return http.delete(`api/attachment/${id}`);
}

export async function mailStatus(): Promise<boolean> {
  return MailStatus.parse(await http.get<unknown>("api/attachment/mail-status")).enabled;
}

export function mailAttachments(body: AttachmentMailRequest): Promise<unknown> {
  return http.post("api/attachment/mail", body);
}

export async function shipmentQr(id: number): Promise<ShipmentQr> {
  return ShipmentQr.parse(await http.get<unknown>(`api/shipment/${id}/qr`));
}

export function zipPath(shipment: number, scope: AttachmentScope, ids?: number[]): string {
  const params = new URLSearchParams({ shipment: String(shipment), scope });
  if (ids && ids.length > 0) params.set("ids", ids.join(","));
  return `api/attachment/zip?${params}`;
}

/** The label or check list in the interface language and the device's time zone. */
export function documentPath(id: number, kind: "label" | "check-list"): string {
  const params = new URLSearchParams({
    lang: currentLocale(),
    tz: Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC",
  });
  return `api/shipment/${id}/${kind}?${params}`;
}

export async function listPackingLines(shipment: number): Promise<PackingLine[]> {
  const body = await http.get<unknown>(`api/packing-list?shipment=${shipment}`);
  return PackingLineList.parse(body).results;
}

export async function addPackingLine(body: PackingLineInput): Promise<PackingLine> {
  return PackingLine.parse(await http.post<unknown>("api/packing-list", body));
}

export function deletePackingLine(id: number): Promise<unknown> {
  return http.delete(`api/packing-list/${id}`);
}

export async function searchMaterials(name: string, signal: AbortSignal): Promise<Material[]> {
  const params = new URLSearchParams({ name, limit: "10" });
  const body = await http.get<unknown>(`api/material/autocomplete_name?${params}`, { signal });
  return Material.array().parse(body);
}

export async function createMaterial(body: MaterialInput): Promise<Material> {
  return Material.parse(await http.post<unknown>("api/material", body));
}
