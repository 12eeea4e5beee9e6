import {
  PublicPageAnswer,
  SelfCheckInAnswer,
  type SelfCheckInInput,
} from "../../../shared/contract/check-in";
import { http } from "../../lib/http";

/** The public self check-in page's calls: no login, no company header. */
const path = (token: string) => `api/public/check-in/${encodeURIComponent(token)}`;

export async function readPublicPage(token: string): Promise<PublicPageAnswer> {
  return PublicPageAnswer.parse(
    await http.get<unknown>(path(token), { anonymous: true, company: null }),
  );
}

export async function selfCheckIn(
  token: string,
  input: SelfCheckInInput,
): Promise<SelfCheckInAnswer> {
  const body = await http.post<unknown>(path(token), input, { anonymous: true, company: null });
  return SelfCheckInAnswer.parse(body);
}
