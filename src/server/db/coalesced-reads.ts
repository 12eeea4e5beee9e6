/**
 * Identical reads share a run of the database, never an older answer: a read that arrives
 * while one of the same key runs waits for it to end and joins the next run, which every read
 * arriving meanwhile joins too. So each read's answer comes from a statement that started after
 * the read arrived (it sees every change committed before it, as a read of its own would), and
 * N identical reads arriving during one run cost one more run instead of N.
 *
 * For the change feed (issue 30): the devices of a company hear each change at once and pull
 * the feed from the same cursor together; two hundred devices pulled 4.4 times per write, each
 * pull its own statement. Keys are per database (a transaction's reads are its own) and live
 * only while a run is out. `db`: the database or transaction the reads run on.
 */
export function coalescedReads<T>() {
  interface Slot {
    current: Promise<T>;
    next?: Promise<T> | undefined;
  }
  const slotsOf = new WeakMap<object, Map<string, Slot>>();
  const settled = (promise: Promise<unknown>) => promise.then(ignore, ignore);

  const forget = (slots: Map<string, Slot>, key: string, slot: Slot, run: Promise<T>) => {
    void settled(run).then(() => {
      if (slot.current === run && !slot.next) slots.delete(key);
    });
  };

  return (db: object, key: string, read: () => Promise<T>): Promise<T> => {
    let slots = slotsOf.get(db);
    if (!slots) {
      slots = new Map();
      slotsOf.set(db, slots);
    }
    const slot = slots.get(key);
    if (!slot) {
      const run = read();
      const fresh: Slot = { current: run };
      slots.set(key, fresh);
      forget(slots, key, fresh, run);
      return run;
    }
    const known = slots;
    slot.next ??= settled(slot.current).then(() => {
      const run = read();
      slot.current = run;
      slot.next = undefined;
      forget(known, key, slot, run);
      return run;
    });
    return slot.next;
  };
}

function ignore(): void {}
