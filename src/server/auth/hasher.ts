import type { HashQueueConfig } from "../config";
import { hashPassword, verifyPassword } from "../crypto/password";
import { ApiError } from "../errors";
import { HashQueue, HashQueueBusy } from "./hash-queue";

/**
 * Password hashing through the bounded queue: every scrypt the server runs for a request
 * (login, dummy hash of unknown users, rehash, password change) takes a slot. `client` is
 * the line the job waits in (the caller's address), so one client's burst waits behind itself.
 */
export interface PasswordHasher {
  verify(client: string, password: string, stored: string): Promise<boolean>;
  hash(client: string, password: string): Promise<string>;
  readonly queue: HashQueue;
}

/** Seconds a refused caller is told to wait: about one queue's worth of hashing. */
const RETRY_AFTER_SECONDS = 2;

export function passwordBusy(): ApiError {
  return new ApiError(
    503,
    "service_unavailable",
    "Too many sign-ins at once; try again in a moment",
    undefined,
    { "retry-after": String(RETRY_AFTER_SECONDS) },
  );
}

export function createPasswordHasher(log2N: number, config: HashQueueConfig): PasswordHasher {
  const queue = new HashQueue(config);
  const run = async <T>(client: string, task: () => Promise<T>): Promise<T> => {
    try {
      return await queue.run(client, task);
    } catch (error) {
      if (error instanceof HashQueueBusy) throw passwordBusy();
      throw error;
    }
  };
  return {
    queue,
    verify: (client, password, stored) => run(client, () => verifyPassword(password, stored)),
    hash: (client, password) => run(client, () => hashPassword(password, log2N)),
  };
}
