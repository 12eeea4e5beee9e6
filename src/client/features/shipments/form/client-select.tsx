import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useState } from "react";
import { useSession } from "../../../lib/session/use-session";
import { Button } from "../../../ui/button";
import { SearchSelect } from "../../../ui/search-select";
import type { ShipmentClient } from "../form-commands-values";
import { ClientModal } from "./client-modal";
import { clientOption, searchClients } from "./pickers-api";

export interface ClientSelectProps {
  label: string;
  value: ShipmentClient | null;
  onChange: (client: ShipmentClient | null) => void;
  isReadOnly?: boolean;
  errorMessage?: string | undefined;
}

/**
 * The line's client: search as you type (the user's clients only, when limited), with New and
 * Edit buttons for users with createMasters (spec "Clients").
 */
export function ClientSelect({
  label,
  value,
  onChange,
  isReadOnly,
  errorMessage,
}: ClientSelectProps) {
  const { t } = useLingui();
  const session = useSession();
  const company = session.company?.id ?? 0;
  const [modal, setModal] = useState<{ clientId: number | null } | null>(null);
  const search = useCallback(
    (text: string, signal: AbortSignal) => searchClients(text, company, signal),
    [company],
  );
  const mayEdit = session.can("createMasters") && !isReadOnly;
  return (
    <>
      <SearchSelect
        label={label}
        value={value ? clientOption(value) : null}
        onChange={(option) =>
          onChange(option && { id: option.id, description: option.description })
        }
        search={search}
        isReadOnly={isReadOnly}
        isRequired
        errorMessage={errorMessage}
        actions={
          mayEdit ? (
            <>
              <Button
                variant="secondary"
                onPress={() => setModal({ clientId: null })}
                aria-label={t`New client`}
              >
                <Trans>New</Trans>
              </Button>
              {value ? (
                <Button
                  variant="ghost"
                  onPress={() => setModal({ clientId: value.id })}
                  aria-label={t`Edit client`}
                >
                  <Trans>Edit</Trans>
                </Button>
              ) : null}
            </>
          ) : null
        }
      />
      <ClientModal
        isOpen={modal !== null}
        clientId={modal?.clientId ?? null}
        onClose={() => setModal(null)}
        onSaved={(client) => onChange({ id: client.id, description: client.description })}
      />
    </>
  );
}
