import type { Client } from "../../../shared/contract/clients";
import type { ClientView } from "./repository";

export function presentClient(view: ClientView): Client {
  return {
    id: view.id,
    description: view.description,
    email: view.email,
    company: view.companies,
    notes: view.notes,
    version: view.version,
  };
}
