import { or, type SQL, sql } from "drizzle-orm";
import { normalisePlate } from "../../../shared/plate";
import { containsPattern } from "../../db/like-patterns";
import { shipments } from "../../db/schema/shipments";
import { shippers } from "../../db/schema/shippers";

/**
 * The list's one search box: the delivery note, the route plate or the assigned truck's plate
 * contains the text. Plates are compared as they are stored (upper case, no spaces or hyphens),
 * so "1234 abc" finds 1234ABC.
 */
export interface SearchPatterns {
  text: string;
  plate: string;
}

export function searchPatterns(search: string): SearchPatterns {
  const plate = normalisePlate(search);
  return { text: containsPattern(search), plate: containsPattern(plate === "" ? search : plate) };
}

/** The condition; `text` and `plate` are values or placeholders of the patterns. */
export function searchCondition(patterns: { text: unknown; plate: unknown }): SQL {
  return or(
    sql`${shipments.code} ilike ${patterns.text}`,
    sql`${shipments.routePlate} ilike ${patterns.text}`,
    sql`${shipments.routePlate} ilike ${patterns.plate}`,
    sql`${shipments.shipperId} in (select ${shippers.id} from ${shippers} where ${shippers.plateKey} ilike ${patterns.plate})`,
  ) as SQL;
}
