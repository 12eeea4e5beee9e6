import { errors } from "../errors";

/**
 * Creation under a client-chosen uid (PUT .../uid/{uid}: a device's offline creation, replayed
 * from its outbox). The first call creates the row (created: true); any later call with the
 * same uid answers the row as it is now and changes nothing (created: false), so a replayed
 * creation never undoes later edits. Two racing first calls: the table's unique (company, uid)
 * index lets one insert win, and the other answers the winner's row.
 */
export interface CreateOnceSteps<T> {
  /**
   * The row already made under the uid, or undefined. It may throw to refuse the uid (a row of
   * another kind: 409; a deleted row: 404), before anything is created.
   */
  find: () => Promise<T | undefined>;
  /**
   * Makes the row under the uid. A racing call's win shows as a throw (the unique index) or,
   * with `insert ... on conflict do nothing`, as undefined.
   */
  create: () => Promise<T | undefined>;
  /** Which throws of `create` may be a racing call's win, worth a second look (default: any). */
  isRace?: (error: unknown) => boolean;
}

export interface CreatedOnce<T> {
  value: T;
  created: boolean;
}

const anyError = () => true;

export async function createOnce<T>({
  find,
  create,
  isRace = anyError,
}: CreateOnceSteps<T>): Promise<CreatedOnce<T>> {
  const existing = await find();
  if (existing !== undefined) return { value: existing, created: false };
  let made: T | undefined;
  try {
    made = await create();
  } catch (error) {
    if (!isRace(error)) throw error;
    const raced = await find();
    if (raced !== undefined) return { value: raced, created: false };
    throw error;
  }
  if (made !== undefined) return { value: made, created: true };
  // Nothing inserted: another call created the row between the first look and the insert.
  const raced = await find();
  if (raced === undefined) throw errors.notFound();
  return { value: raced, created: false };
}
