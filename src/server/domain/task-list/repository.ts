import { and, asc, count, desc, eq, gte, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import type { TaskLineFilters } from "../../../shared/contract/task-list";
import type { Executor } from "../../db/database";
import { containsPattern } from "../../db/like-patterns";
import { clientCompanies, clients } from "../../db/schema/clients";
import { taskLines, workDescriptions, worksheets } from "../../db/schema/tasks";
import { memberships, users } from "../../db/schema/users";
import { atVersions } from "../../db/versioned-rows";

/** SQL of the task list: every query is scoped to one company (and the user's clients). */
export interface TaskScope {
  companyId: number;
  /** Clients the user is limited to; empty: not limited. */
  limitedTo: readonly number[];
}

export interface TaskLineView {
  id: number;
  uid: string;
  date: string;
  userId: number;
  username: string;
  firstName: string;
  lastName: string;
  worksheetId: number;
  worksheetName: string;
  descriptionId: number;
  descriptionName: string;
  clientId: number | null;
  clientDescription: string | null;
  reference: string;
  tagNumber: string;
  timeHours: number;
  reviewedParts: number | null;
  rightParts: number | null;
  reworkedParts: number | null;
  nokParts: number | null;
  observations: string;
  companyId: number;
  version: number;
  /** Who wrote this version (users.id), null when unknown. */
  updatedBy: number | null;
}

const lineColumns = {
  id: taskLines.id,
  uid: taskLines.uid,
  date: taskLines.date,
  userId: taskLines.userId,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  worksheetId: taskLines.worksheetId,
  worksheetName: worksheets.name,
  descriptionId: taskLines.descriptionId,
  descriptionName: workDescriptions.name,
  clientId: taskLines.clientId,
  clientDescription: clients.description,
  reference: taskLines.reference,
  tagNumber: taskLines.tagNumber,
  timeHours: taskLines.timeHours,
  reviewedParts: taskLines.reviewedParts,
  rightParts: taskLines.rightParts,
  reworkedParts: taskLines.reworkedParts,
  nokParts: taskLines.nokParts,
  observations: taskLines.observations,
  companyId: taskLines.companyId,
  version: taskLines.version,
  updatedBy: taskLines.updatedBy,
};

function visibleLines(scope: TaskScope, ...more: (SQL | undefined)[]) {
  return and(
    eq(taskLines.companyId, scope.companyId),
    // A user limited to clients sees the lines of those clients only.
    scope.limitedTo.length > 0 ? inArray(taskLines.clientId, [...scope.limitedTo]) : undefined,
    ...more,
  );
}

function filterOf(filters: TaskLineFilters): (SQL | undefined)[] {
  return [
    filters.date_after ? gte(taskLines.date, filters.date_after) : undefined,
    filters.date_before ? lte(taskLines.date, filters.date_before) : undefined,
    filters.user ? eq(taskLines.userId, filters.user) : undefined,
    filters.worksheet ? eq(taskLines.worksheetId, filters.worksheet) : undefined,
    filters.reference !== undefined ? eq(taskLines.reference, filters.reference) : undefined,
  ];
}

function selectLines(db: Executor) {
  return db
    .select(lineColumns)
    .from(taskLines)
    .innerJoin(users, eq(users.id, taskLines.userId))
    .innerJoin(worksheets, eq(worksheets.id, taskLines.worksheetId))
    .innerJoin(workDescriptions, eq(workDescriptions.id, taskLines.descriptionId))
    .leftJoin(clients, eq(clients.id, taskLines.clientId));
}

/** Grouped by task on the screen: task name, then newest day first. */
const LINE_ORDER = [
  asc(worksheets.name),
  asc(taskLines.worksheetId),
  desc(taskLines.date),
  desc(taskLines.id),
];

export async function listTaskLines(
  db: Executor,
  scope: TaskScope,
  filters: TaskLineFilters,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: TaskLineView[] }> {
  const where = visibleLines(scope, ...filterOf(filters));
  const [total] = await db.select({ n: count() }).from(taskLines).where(where);
  const rows = await selectLines(db)
    .where(where)
    .orderBy(...LINE_ORDER)
    .limit(page.limit)
    .offset(page.offset);
  return { count: total?.n ?? 0, rows };
}

export async function findTaskLine(
  db: Executor,
  scope: TaskScope,
  id: number,
): Promise<TaskLineView | undefined> {
  const [row] = await selectLines(db).where(visibleLines(scope, eq(taskLines.id, id)));
  return row;
}

/** The id of the company's line created under `uid`, whoever may see it. */
export async function taskLineIdByUid(
  db: Executor,
  companyId: number,
  uid: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: taskLines.id })
    .from(taskLines)
    .where(and(eq(taskLines.companyId, companyId), eq(taskLines.uid, uid)));
  return row?.id;
}

export interface TaskLineValues {
  date: string;
  userId: number;
  worksheetId: number;
  descriptionId: number;
  clientId: number;
  reference: string;
  tagNumber: string;
  timeHours: number;
  reviewedParts: number | null;
  rightParts: number | null;
  reworkedParts: number | null;
  nokParts: number | null;
  observations: string;
}

export async function insertTaskLine(
  db: Executor,
  companyId: number,
  createdBy: number,
  values: TaskLineValues,
  uid?: string,
): Promise<number> {
  const [row] = await db
    .insert(taskLines)
    .values({
      companyId,
      createdBy,
      updatedBy: createdBy,
      ...values,
      ...(uid === undefined ? {} : { uid }),
    })
    .returning({ id: taskLines.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

/**
 * Updates when the version is one of `versions` (any when undefined); false otherwise.
 * `writer`: the user who writes it (updated_by).
 */
export async function updateTaskLine(
  db: Executor,
  scope: TaskScope,
  id: number,
  values: TaskLineValues,
  versions: number[] | undefined,
  writer: number,
): Promise<boolean> {
  const rows = await db
    .update(taskLines)
    .set({
      ...values,
      updatedBy: writer,
      version: sql`${taskLines.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(visibleLines(scope, eq(taskLines.id, id), atVersions(taskLines.version, versions)))
    .returning({ id: taskLines.id });
  return rows.length > 0;
}

export async function deleteTaskLine(
  db: Executor,
  scope: TaskScope,
  id: number,
  versions: number[] | undefined,
): Promise<boolean> {
  const rows = await db
    .delete(taskLines)
    .where(visibleLines(scope, eq(taskLines.id, id), atVersions(taskLines.version, versions)))
    .returning({ id: taskLines.id });
  return rows.length > 0;
}

// Lookups: tasks, descriptions, people, and the checks a line's ids must pass.

export async function listWorksheets(
  db: Executor,
  companyId: number,
  search: string | undefined,
  page: { limit: number; offset: number },
) {
  const where = and(
    eq(worksheets.companyId, companyId),
    search ? sql`${worksheets.name} ilike ${containsPattern(search)}` : undefined,
  );
  const [total] = await db.select({ n: count() }).from(worksheets).where(where);
  const rows = await db
    .select({ id: worksheets.id, name: worksheets.name, company: worksheets.companyId })
    .from(worksheets)
    .where(where)
    .orderBy(asc(worksheets.name), asc(worksheets.id))
    .limit(page.limit)
    .offset(page.offset);
  return { count: total?.n ?? 0, rows };
}

export async function insertWorksheet(db: Executor, companyId: number, name: string) {
  const [row] = await db
    .insert(worksheets)
    .values({ companyId, name })
    .returning({ id: worksheets.id, name: worksheets.name, company: worksheets.companyId });
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function worksheetInCompany(db: Executor, companyId: number, id: number) {
  const [row] = await db
    .select({ id: worksheets.id })
    .from(worksheets)
    .where(and(eq(worksheets.id, id), eq(worksheets.companyId, companyId)));
  return row !== undefined;
}

export async function listWorkDescriptions(
  db: Executor,
  companyId: number,
  filter: { worksheet?: number | undefined; search?: string | undefined },
  page: { limit: number; offset: number },
) {
  const where = and(
    eq(worksheets.companyId, companyId),
    filter.worksheet ? eq(workDescriptions.worksheetId, filter.worksheet) : undefined,
    filter.search
      ? sql`${workDescriptions.name} ilike ${containsPattern(filter.search)}`
      : undefined,
  );
  const base = () =>
    db
      .select({
        id: workDescriptions.id,
        name: workDescriptions.name,
        worksheet: workDescriptions.worksheetId,
      })
      .from(workDescriptions)
      .innerJoin(worksheets, eq(worksheets.id, workDescriptions.worksheetId));
  const [total] = await db
    .select({ n: count() })
    .from(workDescriptions)
    .innerJoin(worksheets, eq(worksheets.id, workDescriptions.worksheetId))
    .where(where);
  const rows = await base()
    .where(where)
    .orderBy(asc(workDescriptions.name), asc(workDescriptions.id))
    .limit(page.limit)
    .offset(page.offset);
  return { count: total?.n ?? 0, rows };
}

export async function insertWorkDescription(db: Executor, worksheetId: number, name: string) {
  const [row] = await db.insert(workDescriptions).values({ worksheetId, name }).returning({
    id: workDescriptions.id,
    name: workDescriptions.name,
    worksheet: workDescriptions.worksheetId,
  });
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** The description's task, when the description belongs to a task of the company. */
export async function worksheetOfDescription(
  db: Executor,
  companyId: number,
  id: number,
): Promise<number | undefined> {
  const [row] = await db
    .select({ worksheet: workDescriptions.worksheetId })
    .from(workDescriptions)
    .innerJoin(worksheets, eq(worksheets.id, workDescriptions.worksheetId))
    .where(and(eq(workDescriptions.id, id), eq(worksheets.companyId, companyId)));
  return row?.worksheet;
}

export async function listCompanyUsers(
  db: Executor,
  companyId: number,
  search: string | undefined,
  page: { limit: number; offset: number },
) {
  const pattern = search ? containsPattern(search) : undefined;
  const where = and(
    eq(memberships.companyId, companyId),
    eq(users.isActive, true),
    pattern
      ? or(
          sql`${users.username} ilike ${pattern}`,
          sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`,
        )
      : undefined,
  );
  const [total] = await db
    .select({ n: count() })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .where(where);
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      first_name: users.firstName,
      last_name: users.lastName,
    })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .where(where)
    .orderBy(asc(users.username))
    .limit(page.limit)
    .offset(page.offset);
  return { count: total?.n ?? 0, rows };
}

export async function userInCompany(db: Executor, companyId: number, userId: number) {
  const [row] = await db
    .select({ id: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.companyId, companyId), eq(memberships.userId, userId)));
  return row !== undefined;
}

export async function clientInScope(db: Executor, scope: TaskScope, clientId: number) {
  if (scope.limitedTo.length > 0 && !scope.limitedTo.includes(clientId)) return false;
  const [row] = await db
    .select({ id: clientCompanies.clientId })
    .from(clientCompanies)
    .where(
      and(eq(clientCompanies.clientId, clientId), eq(clientCompanies.companyId, scope.companyId)),
    );
  return row !== undefined;
}
