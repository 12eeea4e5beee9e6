import { CheckInAnswer } from "../../shared/contract/check-in";
import { putTruck } from "./trucks-mirror";

/**
 * The gate's writes (the check-in terminal's check-ins and check-outs, issue 15): a PUT to a
 * client-chosen uid, so a repeat is answered from the server's record. The one place their
 * paths are built and told apart (the terminal queues them, the replayer reads them back, the
 * terminal lists their refusals).
 */
export const checkInPath = (uid: string) => `api/check-in/uid/${uid}`;
export const checkOutPath = (uid: string) => `api/check-out/uid/${uid}`;
export const isCheckInPath = (path: string) => path.startsWith(checkInPath(""));
export const isCheckOutPath = (path: string) => path.startsWith(checkOutPath(""));
export const isGateWritePath = (path: string) => isCheckInPath(path) || isCheckOutPath(path);

/**
 * A check-in's answer: the line as it left it, and its truck (new, or with its arrival) into the
 * trucks mirror at once. Without the truck, between the answer (its entry leaves the outbox)
 * and the next feed pull the terminal would know the truck from neither, and could not check
 * it out.
 */
export async function storeCheckInAnswer(body: unknown): Promise<CheckInAnswer> {
  const answer = CheckInAnswer.parse(body);
  await putTruck(answer.check_in.truck);
  return answer;
}
