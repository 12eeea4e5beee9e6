import { Alert } from "../../../shared/contract/alerts";
import { listOf } from "../../../shared/contract/paging";
import { downloadFile } from "../../lib/download";
import { http } from "../../lib/http";
import { db } from "../../offline/db";

/** The alerts calls (api/alerts), and the device's copy of the images for network drops. */
const AlertList = listOf(Alert);

/** An alert with its image, as the screen shows it and the device keeps it. */
export interface AlertImage {
  id: number;
  description: string;
  image: Blob;
}

export interface SavedAlerts {
  alerts: AlertImage[];
  /** When they were fetched (epoch ms). */
  savedAt: number;
}

async function mediaOf(alert: Alert, signal?: AbortSignal): Promise<Blob> {
  return (await downloadFile(alert.type.media, "", signal ? { signal } : {})).blob;
}

/** The company's alerts with their images (each image once per fetch; they are few). */
export async function fetchAlerts(signal?: AbortSignal): Promise<AlertImage[]> {
  const page = AlertList.parse(
    await http.get<unknown>("api/alerts", { headers: { area: "G" }, signal }),
  );
  return Promise.all(
    page.results.map(async (alert) => ({
      id: alert.id,
      description: alert.type.description,
      image: await mediaOf(alert, signal),
    })),
  );
}

export async function uploadAlert(file: File, description: string): Promise<void> {
  const form = new FormData();
  if (description.trim()) form.append("description", description.trim());
  form.append("file", file);
  await http.post<unknown>("api/alerts", undefined, { body: form });
}

export async function deleteAlert(id: number): Promise<void> {
  await http.delete<unknown>(`api/alerts/${id}`);
}

const metaKey = (company: string) => `alerts:${company}`;

export async function saveAlerts(company: string, saved: SavedAlerts): Promise<void> {
  await db.meta.put({ key: metaKey(company), value: saved });
}

export async function loadAlerts(company: string): Promise<SavedAlerts | null> {
  const row = await db.meta.get(metaKey(company));
  const value = row?.value as SavedAlerts | undefined;
  return value && Array.isArray(value.alerts) && typeof value.savedAt === "number" ? value : null;
}
