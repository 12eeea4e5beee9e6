/**
 * Bounds concurrent password hashing. scrypt at the production cost takes ~128 MiB and a
 * libuv thread for a few hundred milliseconds; a burst of logins must neither exhaust memory
 * nor make everyone else's login wait behind it. So: at most `concurrency` hashes run at once;
 * the rest wait in per-client lines served round-robin (a burst from one address waits behind
 * itself, not in front of others); a job that waits longer than `maxWaitMs`, or finds the
 * waiting room full, is refused (the caller answers 503 with Retry-After).
 */
export interface HashQueueOptions {
  concurrency: number;
  /** Jobs allowed to wait at once, over all clients. */
  maxWaiting: number;
  maxWaitMs: number;
}

/** The queue refused the job: full, or it waited too long. Nothing was hashed. */
export class HashQueueBusy extends Error {
  override name = "HashQueueBusy";
}

/** A job started: `servedAhead` jobs were running or started while it waited. */
export type StartListener = (key: string, servedAhead: number) => void;

interface Job {
  key: string;
  start: () => void;
  refuse: (error: HashQueueBusy) => void;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** `started` minus the jobs running when the job arrived. */
  mark: number;
}

export class HashQueue {
  private running = 0;
  private started = 0;
  private waitingCount = 0;
  /** Waiting jobs per client key; Map order is the round-robin order. */
  private readonly lines = new Map<string, Job[]>();
  private readonly listeners = new Set<StartListener>();

  constructor(private readonly options: HashQueueOptions) {}

  /** Runs `task` when a slot is free; rejects with HashQueueBusy when it cannot get one. */
  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    await this.acquire(key);
    try {
      return await task();
    } finally {
      this.running--;
      this.dispatch();
    }
  }

  /** Calls `listener` whenever a job starts (for tests and metrics); returns the unsubscribe. */
  observe(listener: StartListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  stats(): { running: number; waiting: number; started: number } {
    return { running: this.running, waiting: this.waitingCount, started: this.started };
  }

  private acquire(key: string): Promise<void> {
    const mark = this.started - this.running;
    if (this.running < this.options.concurrency && this.waitingCount === 0) {
      this.begin(key, mark);
      return Promise.resolve();
    }
    if (this.waitingCount >= this.options.maxWaiting && !this.evictFromLongestLine(key)) {
      return Promise.reject(new HashQueueBusy("The password queue is full"));
    }
    return new Promise<void>((resolve, reject) => {
      const job: Job = {
        key,
        mark,
        timer: undefined,
        start: () => {
          clearTimeout(job.timer);
          this.begin(key, mark);
          resolve();
        },
        refuse: (error) => {
          clearTimeout(job.timer);
          reject(error);
        },
      };
      job.timer = setTimeout(() => {
        if (this.remove(job)) job.refuse(new HashQueueBusy("Waited too long for a password slot"));
      }, this.options.maxWaitMs);
      const line = this.lines.get(key);
      if (line) line.push(job);
      else this.lines.set(key, [job]);
      this.waitingCount++;
    });
  }

  private begin(key: string, mark: number): void {
    this.running++;
    const servedAhead = this.started - mark;
    this.started++;
    for (const listener of this.listeners) listener(key, servedAhead);
  }

  /** Starts waiting jobs while slots are free, taking one job per client in turn. */
  private dispatch(): void {
    while (this.running < this.options.concurrency) {
      const next = this.lines.entries().next();
      if (next.done) return;
      const [key, line] = next.value;
      const job = line.shift();
      this.lines.delete(key);
      if (line.length > 0) this.lines.set(key, line); // to the back of the round
      if (!job) continue;
      this.waitingCount--;
      job.start();
    }
  }

  /**
   * The room is full: a newcomer with a shorter line than the longest one takes the place of
   * that line's newest job, so one busy client cannot lock everybody else out.
   */
  private evictFromLongestLine(key: string): boolean {
    let longest: Job[] | undefined;
    for (const line of this.lines.values()) {
      if (!longest || line.length > longest.length) longest = line;
    }
    const own = this.lines.get(key)?.length ?? 0;
    if (!longest || longest.length <= own + 1) return false;
    const victim = longest[longest.length - 1];
    if (!victim || !this.remove(victim)) return false;
    victim.refuse(new HashQueueBusy("The password queue is full"));
    return true;
  }

  private remove(job: Job): boolean {
    const line = this.lines.get(job.key);
    const index = line?.indexOf(job) ?? -1;
    if (!line || index < 0) return false;
    line.splice(index, 1);
    if (line.length === 0) this.lines.delete(job.key);
    this.waitingCount--;
    return true;
  }
}
