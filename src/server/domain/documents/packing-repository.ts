import { and, asc, count, eq, ilike, or } from "drizzle-orm";
import type { Executor } from "../../db/database";
import { materials, packingLines } from "../../db/schema/attachments";

/** SQL of api/material and api/packing-list (callers check the line's visibility). */
export type MaterialRow = typeof materials.$inferSelect;

export interface PackingLineView {
  id: number;
  shipmentId: number;
  numberPackages: number;
  material: MaterialRow;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listMaterials(
  db: Executor,
  companyId: number,
  search: string | undefined,
  limit: number,
  offset: number,
): Promise<{ count: number; rows: MaterialRow[] }> {
  const pattern = search ? `%${escapeLike(search)}%` : undefined;
  const where = and(
    eq(materials.companyId, companyId),
    pattern ? or(ilike(materials.name, pattern), ilike(materials.reference, pattern)) : undefined,
  );
  const rows = await db
    .select()
    .from(materials)
    .where(where)
    .orderBy(asc(materials.name), asc(materials.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(materials).where(where);
  return { count: total?.n ?? 0, rows };
}

export async function findMaterial(db: Executor, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(materials)
    .where(and(eq(materials.companyId, companyId), eq(materials.id, id)));
  return row;
}

/** Inserts a material; undefined when the reference is taken in the company. */
export async function insertMaterial(
  db: Executor,
  companyId: number,
  reference: string,
  name: string,
): Promise<MaterialRow | undefined> {
  const [row] = await db
    .insert(materials)
    .values({ companyId, reference, name })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function listPackingLines(
  db: Executor,
  companyId: number,
  shipmentId: number,
): Promise<PackingLineView[]> {
  return db
    .select({
      id: packingLines.id,
      shipmentId: packingLines.shipmentId,
      numberPackages: packingLines.numberPackages,
      material: materials,
    })
    .from(packingLines)
    .innerJoin(materials, eq(materials.id, packingLines.materialId))
    .where(and(eq(packingLines.companyId, companyId), eq(packingLines.shipmentId, shipmentId)))
    .orderBy(asc(packingLines.id));
}

export async function insertPackingLine(
  db: Executor,
  values: { companyId: number; shipmentId: number; materialId: number; numberPackages: number },
): Promise<number> {
  const [row] = await db.insert(packingLines).values(values).returning({ id: packingLines.id });
  if (!row) throw new Error("packing line insert returned nothing");
  return row.id;
}

export async function findPackingLine(db: Executor, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(packingLines)
    .where(and(eq(packingLines.companyId, companyId), eq(packingLines.id, id)));
  return row;
}

export async function deletePackingLine(db: Executor, companyId: number, id: number) {
  await db
    .delete(packingLines)
    .where(and(eq(packingLines.companyId, companyId), eq(packingLines.id, id)));
}
