import { type CheckInLine, ValidateAnswer } from "../../../shared/contract/check-in";
import { listOf } from "../../../shared/contract/paging";
import { Shipper } from "../../../shared/contract/trucks";
import { isTransient } from "../../lib/errors";
import { http } from "../../lib/http";
import { db } from "../../offline/db";
import { matchingLines } from "./check-in-local";

export interface Validation extends ValidateAnswer {
  /** Answered from the lines on the device (no network). */
  offline: boolean;
}

/** The yard's day's lines (`zone`: the company's time_zone) from the lines on the device. */
export async function validateLocally(
  company: number,
  reference: string,
  type: 1 | 2,
  zone: string | undefined,
  now = new Date(),
): Promise<CheckInLine[]> {
  const rows = await db.shipments.where("[company+type]").equals([company, type]).toArray();
  return matchingLines(rows, reference, type, now, zone);
}

/**
 * The server's answer, or without network (no answer, 5xx, 429) the mirrored lines of the
 * working window: the check-in terminal keeps checking trucks in when the network is down.
 */
export async function validateReference(
  company: number,
  reference: string,
  type: 1 | 2,
  zone: string | undefined,
): Promise<Validation> {
  try {
    const body = await http.get<unknown>("api/check-in/validate", {
      searchParams: { reference: reference.trim(), type },
    });
    return { ...ValidateAnswer.parse(body), offline: false };
  } catch (error) {
    if (!isTransient(error)) throw error;
    const results = await validateLocally(company, reference, type, zone);
    return { results, hint: null, offline: true };
  }
}

const TruckList = listOf(Shipper);

/** The trucks the line may take (api/shipper/available?line=), plates containing `plate`. */
export async function lineTrucks(
  line: number,
  plate: string,
  signal?: AbortSignal,
): Promise<Shipper[]> {
  const searchParams: Record<string, string | number> = { line };
  if (plate.trim() !== "") searchParams.plate = plate.trim();
  const body = await http.get<unknown>("api/shipper/available", {
    searchParams,
    ...(signal ? { signal } : {}),
  });
  return TruckList.parse(body).results;
}
