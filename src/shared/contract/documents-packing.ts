import { z } from "zod";
import { Id, QueryId, text } from "./fields";
import { listOf, PagingQuery } from "./paging";

/** Packing lists (issue 13, when PACKING_LIST_ENABLED): materials and a line's packing lines. */
export const Material = z.object({
  id: Id,
  reference: z.string(),
  name: z.string(),
  company: Id,
});
export type Material = z.infer<typeof Material>;

export const MaterialInput = z.object({
  reference: text(60, { min: 1 }),
  name: text(200, { min: 1 }),
  /** Accepted for the replaced client; the request's company is used. */
  company: Id.optional(),
});
export type MaterialInput = z.infer<typeof MaterialInput>;

export const MaterialListQuery = PagingQuery.extend({ search: text(100).optional() });
export const MaterialAutocompleteQuery = z.object({
  name: text(100).default(""),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export const PackingLine = z.object({
  id: Id,
  shipment: Id,
  material: Material,
  number_packages: z.number().int().min(0),
});
export type PackingLine = z.infer<typeof PackingLine>;

export const PackingLineInput = z.object({
  shipment: Id,
  material: Id,
  number_packages: z.number().int().min(0).max(1_000_000),
});
export type PackingLineInput = z.infer<typeof PackingLineInput>;

export const PackingListQuery = z.object({ shipment: QueryId });
export const PackingLineList = listOf(PackingLine);
export const MaterialList = listOf(Material);
