import type { TaskLineInput } from "../../../shared/contract/task-list";
import type { AuthContext } from "../../auth/context";
import { createOnce } from "../../db/create-once";
import type { Db } from "../../db/database";
import { type ApiError, errors, type FieldCodes, type FieldErrors } from "../../errors";
import { staleVersion } from "../../http/versioning";
import { writerName } from "../users/repository";
import { presentTaskLine } from "./presenter";
import {
  clientInScope,
  deleteTaskLine,
  findTaskLine,
  insertTaskLine,
  type TaskLineValues,
  type TaskLineView,
  type TaskScope,
  taskLineIdByUid,
  updateTaskLine,
  userInCompany,
  worksheetOfDescription,
} from "./repository";

/** The task list's rules: company scope, the user's clients, a description of the line's task. */

type ParsedLine = {
  [K in keyof TaskLineInput]-?: Exclude<TaskLineInput[K], undefined>;
};

export function taskScopeOf(auth: AuthContext): TaskScope {
  return { companyId: auth.company.id, limitedTo: auth.clientIds };
}

/** Every id of the line must name a row the caller may use, else a 400 naming the field. */
async function valuesOf(db: Db, auth: AuthContext, input: ParsedLine): Promise<TaskLineValues> {
  const scope = taskScopeOf(auth);
  const fields: FieldErrors = {};
  const codes: FieldCodes = {};
  const refuse = (field: string, message: string) => {
    fields[field] = [message];
    codes[field] = [{ code: "invalid_choice" }];
  };
  const [userOk, descriptionTask, clientOk] = await Promise.all([
    userInCompany(db, scope.companyId, input.user),
    worksheetOfDescription(db, scope.companyId, input.description),
    clientInScope(db, scope, input.client),
  ]);
  if (!userOk) refuse("user", "Not a user of this company");
  if (descriptionTask === undefined)
    refuse("description", "Not a work description of this company");
  else if (descriptionTask !== input.worksheet) {
    refuse("description", "This description belongs to another task");
  }
  if (!clientOk) refuse("client", "Not one of your clients");
  if (Object.keys(fields).length > 0) throw errors.validation(fields, undefined, codes);
  return {
    date: input.date,
    userId: input.user,
    worksheetId: input.worksheet,
    descriptionId: input.description,
    clientId: input.client,
    reference: input.reference,
    tagNumber: input.tag_number,
    timeHours: input.time_hours,
    reviewedParts: input.reviewed_parts,
    rightParts: input.right_parts,
    reworkedParts: input.reworked_parts,
    nokParts: input.nok_parts,
    observations: input.observations,
  };
}

export async function createTaskLine(db: Db, auth: AuthContext, input: ParsedLine, uid?: string) {
  const values = await valuesOf(db, auth, input);
  const id = await insertTaskLine(db, auth.company.id, auth.user.id, values, uid);
  const view = await findTaskLine(db, taskScopeOf(auth), id);
  if (!view) throw errors.notFound();
  return view;
}

/** The line created under `uid` as the caller may see it (404 when out of their clients). */
async function existingByUid(db: Db, auth: AuthContext, uid: string) {
  const id = await taskLineIdByUid(db, auth.company.id, uid);
  if (id === undefined) return undefined;
  return currentOrNotFound(db, auth, id);
}

/**
 * Creation under a client-chosen uid (a tablet's offline line, replayed from its outbox), once
 * (db/create-once.ts): a repeat, even with another body or Idempotency-Key, answers the line as
 * it is now and changes nothing.
 */
export async function createTaskLineOnce(
  db: Db,
  auth: AuthContext,
  uid: string,
  input: ParsedLine,
): Promise<{ view: TaskLineView; created: boolean }> {
  const { value, created } = await createOnce({
    find: () => existingByUid(db, auth, uid),
    create: () => createTaskLine(db, auth, input, uid),
  });
  return { view: value, created };
}

/** A line the caller may see, else 404. */
export function readTaskLine(db: Db, auth: AuthContext, id: number) {
  return currentOrNotFound(db, auth, id);
}

async function currentOrNotFound(db: Db, auth: AuthContext, id: number) {
  const current = await findTaskLine(db, taskScopeOf(auth), id);
  if (!current) throw errors.notFound();
  return current;
}

/** The 412 of a stale If-Match: the line as it is now and who wrote it (updated_by). */
async function stale(db: Db, current: TaskLineView): Promise<ApiError> {
  return staleVersion(presentTaskLine(current), current.version, {
    changed_by: await writerName(db, current.updatedBy),
  });
}

export async function replaceTaskLine(
  db: Db,
  auth: AuthContext,
  id: number,
  input: ParsedLine,
  versions: number[] | undefined,
) {
  await currentOrNotFound(db, auth, id);
  const values = await valuesOf(db, auth, input);
  if (!(await updateTaskLine(db, taskScopeOf(auth), id, values, versions, auth.user.id))) {
    throw await stale(db, await currentOrNotFound(db, auth, id));
  }
  return currentOrNotFound(db, auth, id);
}

export async function removeTaskLine(
  db: Db,
  auth: AuthContext,
  id: number,
  versions: number[] | undefined,
) {
  const current = await currentOrNotFound(db, auth, id);
  if (!(await deleteTaskLine(db, taskScopeOf(auth), id, versions))) throw await stale(db, current);
}
