import { isTransient } from "../../lib/errors";
import { readStored } from "../../lib/storage";
import { db, type TaskLookupRow } from "../../offline/db";
import type { SearchOption } from "../../ui/search-select";
import { listAllChoices } from "./api";

/**
 * The line form's choices on a tablet without network (issue 17): every list the form searches
 * (tasks, work descriptions with their task, clients, people) is kept per company in the
 * `taskLookups` table, refreshed when the task list opens online and by every answered search;
 * a search the API cannot answer is answered from it (name contains, case-insensitive).
 */

export type ChoiceKind = "worksheet" | "description" | "client" | "user";
export type Choice = TaskLookupRow["options"][number];

const MAX_CHOICES = 2000;

const keyOf = (company: string, kind: ChoiceKind) => `${company}:${kind}`;

/** Stores a company's choices of one kind: `replace` for a full list, else merged by id. */
export async function rememberChoices(
  company: string,
  kind: ChoiceKind,
  options: readonly Choice[],
  replace = false,
  now = Date.now(),
): Promise<void> {
  const key = keyOf(company, kind);
  await db.transaction("rw", db.taskLookups, async () => {
    const byId = new Map<number, Choice>();
    if (!replace)
      for (const each of (await db.taskLookups.get(key))?.options ?? []) byId.set(each.id, each);
    for (const each of options) byId.set(each.id, { ...byId.get(each.id), ...each });
    await db.taskLookups.put({
      key,
      options: [...byId.values()].slice(-MAX_CHOICES),
      fetchedAt: now,
    });
  });
}

/** The remembered choices of `kind` whose text contains `text` (of task `parent`, if given). */
export async function searchRememberedChoices(
  company: string,
  kind: ChoiceKind,
  text: string,
  parent?: number,
): Promise<SearchOption[]> {
  const needle = text.trim().toLocaleLowerCase();
  const options = (await db.taskLookups.get(keyOf(company, kind)))?.options ?? [];
  return options
    .filter((each) => parent === undefined || each.parent === parent)
    .filter((each) => `${each.text} ${each.detail ?? ""}`.toLocaleLowerCase().includes(needle))
    .sort((a, b) => a.text.localeCompare(b.text))
    .slice(0, 50)
    .map(({ id, text: shown, detail }) =>
      detail ? { id, text: shown, detail } : { id, text: shown },
    );
}

/**
 * A search of the form that keeps what the API answers and, without an answer (offline, 5xx),
 * answers from what it kept. `parentOf` tags descriptions with their task.
 */
export function withOfflineChoices(
  kind: ChoiceKind,
  search: (text: string, signal: AbortSignal) => Promise<SearchOption[]>,
  parent?: number,
): (text: string, signal: AbortSignal) => Promise<SearchOption[]> {
  return async (text, signal) => {
    const company = readStored("company");
    try {
      const found = await search(text, signal);
      if (company) {
        const tagged = found.map((each) => (parent === undefined ? each : { ...each, parent }));
        await rememberChoices(company, kind, tagged).catch(() => {});
      }
      return found;
    } catch (error) {
      if (!company || !isTransient(error)) throw error;
      return searchRememberedChoices(company, kind, text, parent);
    }
  };
}

/** Refreshes every list the form offers (the task list opened online); offline it keeps them. */
export async function rememberAllChoices(signal: AbortSignal): Promise<void> {
  const company = readStored("company");
  if (!company) return;
  const lists = await listAllChoices(signal);
  for (const kind of ["worksheet", "description", "client", "user"] as const) {
    await rememberChoices(company, kind, lists[kind], true);
  }
}
