import { z } from "zod";
import { listOf } from "../../../shared/contract/paging";
import {
  TASK_PAGE_SIZE,
  TaskLine,
  type TaskLineInput,
  TaskUser,
  WorkDescription,
  Worksheet,
} from "../../../shared/contract/task-list";
import { saveDownload } from "../../lib/download";
import { http, requestWithHeaders } from "../../lib/http";
import { currentLocale } from "../../lib/i18n";
import type { SearchOption } from "../../ui/search-select";

/** The task list API of this screen (contract: shared/contract/task-list.ts). */

export interface TaskListFilters {
  date_after?: string | undefined;
  date_before?: string | undefined;
  user?: number | undefined;
  worksheet?: number | undefined;
  reference?: string | undefined;
}

function filterParams(filters: TaskListFilters): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== "") params[key] = value;
  }
  return params;
}

const LinePage = listOf(TaskLine);
export type LinePage = z.infer<typeof LinePage>;

export async function listTaskLines(
  filters: TaskListFilters,
  page: number,
  signal?: AbortSignal,
): Promise<LinePage> {
  const body = await http.get<unknown>("api/task-line", {
    searchParams: { ...filterParams(filters), page, page_size: TASK_PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });
  return LinePage.parse(body);
}

export async function createTaskLine(body: TaskLineInput, idempotencyKey: string) {
  return TaskLine.parse(
    await http.post<unknown>("api/task-line", body, {
      headers: { "idempotency-key": idempotencyKey },
    }),
  );
}

/**
 * Books a line once under the form's uid (PUT api/task-line/uid/{uid}): a repeat of the same
 * save, or the outbox's replay of it, is answered with the line already made.
 */
export async function createTaskLineOnce(uid: string, body: TaskLineInput, attempt?: Attempt) {
  const { body: answer } = await requestWithHeaders<unknown>(`api/task-line/uid/${uid}`, {
    method: "put",
    json: body,
    ...attemptOptions(attempt),
  });
  return TaskLine.parse(answer);
}

export async function replaceTaskLine(line: TaskLine, body: TaskLineInput, attempt?: Attempt) {
  const { headers, ...rest } = attemptOptions(attempt);
  const { body: answer } = await requestWithHeaders<unknown>(`api/task-line/${line.id}`, {
    method: "put",
    json: body,
    headers: { "if-match": `"${line.version}"`, ...headers },
    ...rest,
  });
  return TaskLine.parse(answer);
}

/** Online-first (offline/online-first.ts): the attempt's Idempotency-Key and the wait's end. */
export interface Attempt {
  key: string;
  signal: AbortSignal;
}

function attemptOptions(attempt: Attempt | undefined): {
  headers?: Record<string, string>;
  signal?: AbortSignal;
} {
  return attempt ? { headers: { "idempotency-key": attempt.key }, signal: attempt.signal } : {};
}

export async function deleteTaskLine(line: TaskLine): Promise<void> {
  await http.delete(`api/task-line/${line.id}`, { headers: { "if-match": `"${line.version}"` } });
}

export async function createWorksheet(name: string): Promise<Worksheet> {
  return Worksheet.parse(await http.post<unknown>("api/worksheet", { name }));
}

export async function createWorkDescription(
  name: string,
  worksheet: number,
): Promise<WorkDescription> {
  return WorkDescription.parse(
    await http.post<unknown>("api/work-description", { name, worksheet }),
  );
}

async function lookup<T extends z.ZodType>(
  path: string,
  item: T,
  params: Record<string, string | number>,
  signal: AbortSignal,
): Promise<z.infer<T>[]> {
  const body = await http.get<unknown>(path, {
    searchParams: { page_size: 50, ...params },
    signal,
  });
  return listOf(item).parse(body).results;
}

export interface TaskOption extends SearchOption {}

export const userName = (user: TaskUser) =>
  `${user.first_name} ${user.last_name}`.trim() || user.username;

export async function searchUsers(text: string, signal: AbortSignal): Promise<TaskOption[]> {
  const users = await lookup("api/task-user", TaskUser, { search: text }, signal);
  return users.map((user) => ({ id: user.id, text: userName(user), detail: user.username }));
}

export async function searchWorksheets(text: string, signal: AbortSignal): Promise<TaskOption[]> {
  const rows = await lookup("api/worksheet", Worksheet, text ? { search: text } : {}, signal);
  return rows.map((row) => ({ id: row.id, text: row.name }));
}

export async function searchDescriptions(
  worksheet: number,
  text: string,
  signal: AbortSignal,
): Promise<TaskOption[]> {
  const params: Record<string, string | number> = text
    ? { worksheet, search: text }
    : { worksheet };
  const rows = await lookup("api/work-description", WorkDescription, params, signal);
  return rows.map((row) => ({ id: row.id, text: row.name }));
}

const ClientRow = z.object({ id: z.number().int(), description: z.string() });

/** The user's clients (api/client answers only those for a limited user). */
export async function searchClients(text: string, signal: AbortSignal): Promise<TaskOption[]> {
  const rows = await lookup("api/client", ClientRow, { search: text }, signal);
  return rows.map((row) => ({ id: row.id, text: row.description }));
}

/** Every choice the line form offers (each list's first 1000), kept for offline entry. */
export async function listAllChoices(signal: AbortSignal) {
  const all = { page_size: 1000 };
  const [worksheets, descriptions, clients, users] = await Promise.all([
    lookup("api/worksheet", Worksheet, all, signal),
    lookup("api/work-description", WorkDescription, all, signal),
    lookup("api/client", ClientRow, all, signal),
    lookup("api/task-user", TaskUser, all, signal),
  ]);
  return {
    worksheet: worksheets.map((row) => ({ id: row.id, text: row.name })),
    description: descriptions.map((row) => ({ id: row.id, text: row.name, parent: row.worksheet })),
    client: clients.map((row) => ({ id: row.id, text: row.description })),
    user: users.map((user) => ({ id: user.id, text: userName(user), detail: user.username })),
  };
}

const ShipmentCode = z.object({ id: z.number().int(), code: z.string().nullable() });

/** The code (delivery note) of a shipment, for the ?shipment= parameter. */
export async function shipmentCode(id: number, signal?: AbortSignal): Promise<string | null> {
  const body = await http.get<unknown>(`api/shipment/${id}`, signal ? { signal } : {});
  return ShipmentCode.parse(body).code;
}

/** Downloads the Excel export of `filters` (every page) as a file, headers in the user's language. */
export async function downloadExcel(filters: TaskListFilters): Promise<string> {
  const query = new URLSearchParams([
    ...Object.entries(filterParams(filters)).map(([key, value]) => [key, String(value)]),
    ["lang", currentLocale()],
  ]).toString();
  return saveDownload(`api/task-line/export${query ? `?${query}` : ""}`, "task-list.xlsx");
}
