import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useCallback, useState } from "react";
import type { Shipper } from "../../../../shared/contract/trucks";
import { useSession } from "../../../lib/session/use-session";
import { Button } from "../../../ui/button";
import { Modal } from "../../../ui/modal";
import { SearchSelect } from "../../../ui/search-select";
import type { ShipmentTruck } from "../form-commands-values";
import { searchTrucks, truckOption } from "./pickers-api";

/** What the route gives the form to show the truck form in a modal (features stay apart). */
export interface TruckFormSlotProps {
  /** The truck to edit; undefined signs one up. */
  truckId?: number;
  /** Saved: the truck as the server (or, offline, the device) has it. */
  onSaved: (truck: Shipper) => void;
  onDone: () => void;
}
export type TruckFormSlot = (props: TruckFormSlotProps) => ReactNode;

export interface TruckSelectProps {
  label: string;
  value: ShipmentTruck | null;
  onChange: (truck: ShipmentTruck | null) => void;
  isReadOnly?: boolean;
  errorMessage?: string | undefined;
  /** The truck form for the New / Edit buttons (addTruck / editTruck); none: no buttons. */
  truckForm?: TruckFormSlot | undefined;
}

/** The line's truck: search by plate as you type, with New and Edit truck in a modal. */
export function TruckSelect({
  label,
  value,
  onChange,
  isReadOnly,
  errorMessage,
  truckForm,
}: TruckSelectProps) {
  const { t } = useLingui();
  const session = useSession();
  const company = session.company?.id ?? 0;
  const [modal, setModal] = useState<{ truckId?: number } | null>(null);
  const search = useCallback(
    (text: string, signal: AbortSignal) => searchTrucks(text, company, signal),
    [company],
  );
  const mayAdd = Boolean(truckForm) && !isReadOnly && session.can("addTruck");
  const mayEdit = Boolean(truckForm) && !isReadOnly && session.can("editTruck") && value !== null;
  const handleSaved = (truck: Shipper) => {
    // A truck signed up offline has no server id yet: it cannot be named on a line until sent.
    if (truck.id > 0)
      onChange({ id: truck.id, name: truck.name, phone: truck.phone, plate: truck.plate });
  };
  return (
    <>
      <SearchSelect
        label={label}
        value={value ? truckOption(value) : null}
        onChange={(option) =>
          onChange(
            option && {
              id: option.id,
              name: option.name,
              phone: option.phone,
              plate: option.plate,
            },
          )
        }
        search={search}
        isReadOnly={isReadOnly}
        errorMessage={errorMessage}
        mono
        placeholder={t`Type a plate`}
        actions={
          <>
            {mayAdd ? (
              <Button variant="secondary" onPress={() => setModal({})} aria-label={t`New truck`}>
                <Trans>New</Trans>
              </Button>
            ) : null}
            {mayEdit && value ? (
              <Button
                variant="ghost"
                onPress={() => setModal({ truckId: value.id })}
                aria-label={t`Edit truck`}
              >
                <Trans>Edit</Trans>
              </Button>
            ) : null}
          </>
        }
      />
      {truckForm && modal ? (
        <Modal
          title={modal.truckId ? t`Edit truck` : t`New truck`}
          isOpen
          size="wide"
          onOpenChange={(open) => !open && setModal(null)}
        >
          {truckForm({
            ...(modal.truckId ? { truckId: modal.truckId } : {}),
            onSaved: handleSaved,
            onDone: () => setModal(null),
          })}
        </Modal>
      ) : null}
    </>
  );
}
