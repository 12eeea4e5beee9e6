import type { AuthContext } from "../../auth/context";
import type { Db } from "../../db/database";
import { ApiError, errors, withCodes } from "../../errors";
import { staleVersion } from "../../http/versioning";
import { presentClient } from "./presenter";
import {
  type ClientScope,
  type ClientView,
  findClient,
  insertClient,
  memberCompanies,
  removeClientFromCompany,
  setClientCompanies,
  updateClient,
} from "./repository";

/** api/client's rules: company scope, client limits, companies only among the user's own. */

type ParsedClient = { description: string; email: string; notes: string; company: number[] };

export function clientScopeOf(auth: AuthContext): ClientScope {
  return { companyId: auth.company.id, limitedTo: auth.clientIds };
}

/** The body's companies plus the request's, all of them the user's (else a 403 naming company). */
async function companiesFor(db: Db, auth: AuthContext, input: ParsedClient): Promise<number[]> {
  const wanted = [...new Set([auth.company.id, ...input.company])];
  const mine = await memberCompanies(db, auth.user.id, wanted);
  if (mine.size !== wanted.length) {
    throw withCodes(
      new ApiError(403, "forbidden", "You may only name your own companies", {
        company: ["Not one of your companies"],
      }),
      { company: [{ code: "read_only" }] },
    );
  }
  return wanted;
}

export async function createClient(
  db: Db,
  auth: AuthContext,
  input: ParsedClient,
): Promise<ClientView> {
  const companies = await companiesFor(db, auth, input);
  const { description, email, notes } = input;
  const id = await db.transaction((tx) =>
    insertClient(tx, auth.company.id, { description, email, notes }, companies),
  );
  const view = await findClient(db, clientScopeOf(auth), id);
  if (!view) throw errors.notFound();
  return view;
}

export async function replaceClient(
  db: Db,
  auth: AuthContext,
  id: number,
  input: ParsedClient,
  versions: number[] | undefined,
): Promise<ClientView> {
  const scope = clientScopeOf(auth);
  const current = await findClient(db, scope, id);
  if (!current) throw errors.notFound();
  if (versions && !versions.includes(current.version)) {
    throw staleVersion(presentClient(current), current.version);
  }
  const companies = await companiesFor(db, auth, input);
  const editable = [
    ...(await memberCompanies(db, auth.user.id, [...current.companies, ...companies])),
  ];
  const { description, email, notes } = input;
  const written = await db.transaction(async (tx) => {
    if (!(await updateClient(tx, id, current.version, { description, email, notes }))) return false;
    await setClientCompanies(tx, id, editable, companies);
    return true;
  });
  const after = await findClient(db, scope, id);
  if (!after) throw errors.notFound();
  if (!written) throw staleVersion(presentClient(after), after.version);
  return after;
}

export async function deleteClient(db: Db, auth: AuthContext, id: number): Promise<void> {
  const current = await findClient(db, clientScopeOf(auth), id);
  if (!current) throw errors.notFound();
  await db.transaction((tx) => removeClientFromCompany(tx, id, auth.company.id));
}
