import { and, asc, eq } from "drizzle-orm";
import type { Executor } from "../../db/database";
import { alertImages } from "../../db/schema/alerts";

const LISTED = {
  id: alertImages.id,
  description: alertImages.description,
  contentType: alertImages.contentType,
  size: alertImages.size,
  createdAt: alertImages.createdAt,
};

export type AlertListRow = {
  id: number;
  description: string;
  contentType: string;
  size: number;
  createdAt: Date;
};

/** The company's alerts, oldest first (the rotation's order); without their bytes. */
export function listAlerts(db: Executor, companyId: number): Promise<AlertListRow[]> {
  return db
    .select(LISTED)
    .from(alertImages)
    .where(eq(alertImages.companyId, companyId))
    .orderBy(asc(alertImages.id))
    .limit(100);
}

export async function alertMedia(db: Executor, companyId: number, id: number) {
  const [row] = await db
    .select({ contentType: alertImages.contentType, bytes: alertImages.bytes })
    .from(alertImages)
    .where(and(eq(alertImages.companyId, companyId), eq(alertImages.id, id)));
  return row;
}

export async function insertAlert(
  db: Executor,
  values: typeof alertImages.$inferInsert,
): Promise<AlertListRow> {
  const [row] = await db.insert(alertImages).values(values).returning(LISTED);
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function deleteAlert(db: Executor, companyId: number, id: number): Promise<boolean> {
  const gone = await db
    .delete(alertImages)
    .where(and(eq(alertImages.companyId, companyId), eq(alertImages.id, id)))
    .returning({ id: alertImages.id });
  return gone.length > 0;
}
