import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import type { Shipper } from "../../../shared/contract/trucks";
import { formatPhone } from "../../lib/sms";
import { Icon } from "../../ui/icons";
import type { ListColumn } from "../../ui/list/list-column";
import { presentColumns } from "../../ui/list/list-column";
import styles from "../../ui/list/list-table.module.css";
import { RowAction } from "../../ui/list/row-action";
import { formatDateTime } from "./format";

export type TruckColumnId =
  | "name"
  | "plate"
  | "phone"
  | "register_date"
  | "expedition_date"
  | "detail"
  | "delete";

export type TruckColumn = ListColumn<Shipper, TruckColumnId>;

export interface TruckColumnOptions {
  /** Phone column and SMS buttons (spec: only when SMS is enabled). */
  showPhone: boolean;
  /** SMS buttons (SMS enabled and allowed to act on trucks). */
  canSendSms: boolean;
  /** Delete column (editTruck). */
  canDelete: boolean;
  /** Detail column (links to each truck's form); none on kiosk walls. */
  showDetail: boolean;
  onDelete: (truck: Shipper) => void;
  onSms: (truck: Shipper) => void;
}

/**
 * A truck signed up on this device and not on the server yet: it can be edited (the edit
 * queues behind the sign-up), not deleted nor messaged until then.
 */
export const isWaiting = (truck: Shipper) => truck.id < 0;

/** "Waiting to sync" on a truck not on the server yet. */
export function TruckWaiting() {
  return (
    <span className={styles.waiting}>
      <Trans>Waiting to sync</Trans>
    </span>
  );
}

/** The edit link, SMS and delete buttons of one truck, each a 44 px (or larger) target. */
export function useTruckActions(options: TruckColumnOptions) {
  const { t } = useLingui();
  const detail = (truck: Shipper) => (
    <Link
      to="/truck/{-$id}"
      params={{ id: String(truck.id) }}
      className={styles.iconButton}
      aria-label={t`Details of ${truck.plate}`}
    >
      <Icon name="edit" size={22} />
    </Link>
  );
  const sms = (truck: Shipper) =>
    options.canSendSms && truck.phone && !isWaiting(truck) ? (
      <RowAction
        icon="message"
        label={t`Send SMS to ${truck.plate}`}
        onPress={() => options.onSms(truck)}
      />
    ) : null;
  const remove = (truck: Shipper) => (
    <RowAction
      icon="trash"
      danger
      label={t`Delete ${truck.plate}`}
      onPress={() => options.onDelete(truck)}
    />
  );
  return { detail, sms, remove };
}

/**
 * The trucks list's column definition (spec section 2): name, plate, phone (SMS enabled),
 * arrival, departure, detail, delete (each value column with its kiosk wall share). The table draws them all; the card takes the plate as
 * its title, the rest as facts and the actions at its head (truck-cards.tsx).
 */
export function useTruckColumns(options: TruckColumnOptions): TruckColumn[] {
  const { t } = useLingui();
  const actions = useTruckActions(options);
  return presentColumns<Shipper, TruckColumnId>([
    { id: "name", header: t`Name`, wallWidth: "28%", cell: (truck) => truck.name },
    { id: "plate", header: t`Plate`, wallWidth: "17%", cell: (truck) => truck.plate, mono: true },
    options.showPhone && {
      id: "phone",
      header: t`Phone`,
      wallWidth: "19%",
      className: styles.nowrap,
      cell: (truck) =>
        truck.phone ? (
          <>
            <span className={styles.mono}>{formatPhone(truck.phone)}</span> {actions.sms(truck)}
          </>
        ) : null,
    },
    {
      id: "register_date",
      header: t`Arrival date`,
      wallWidth: "18%",
      className: styles.nowrap,
      cell: (truck) => formatDateTime(truck.register_date),
    },
    {
      id: "expedition_date",
      header: t`Departure date`,
      wallWidth: "18%",
      className: styles.nowrap,
      cell: (truck) => formatDateTime(truck.expedition_date),
    },
    options.showDetail && {
      id: "detail",
      header: t`Detail`,
      action: true,
      cell: (truck) =>
        isWaiting(truck) ? (
          <>
            <TruckWaiting /> {actions.detail(truck)}
          </>
        ) : (
          actions.detail(truck)
        ),
    },
    options.canDelete && {
      id: "delete",
      header: t`Delete`,
      action: true,
      cell: (truck) => (isWaiting(truck) ? null : actions.remove(truck)),
    },
  ]);
}
