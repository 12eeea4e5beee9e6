import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { DateTime } from "luxon";
import { DATE_DISPLAY_FORMAT } from "../../../shared/constants";
import type { StatusLabel } from "../../../shared/contract/status";
import { REASON_TEXT, STATUS_TEXT } from "../../ui/shipment-labels";
import styles from "./bi.module.css";
import { type DetailRows, detailLink } from "./chart-data";

const shown = (iso: string) => DateTime.fromISO(iso).toFormat(DATE_DISPLAY_FORMAT);
const EMPTY = "--";

/** The rows behind the clicked bar or slice, each linking to its line (or truck). */
export function BiDetail({ detail, title }: { detail: DetailRows; title: string }) {
  const { t, i18n } = useLingui();
  const statusText = (description: string) => {
    const message = STATUS_TEXT[description as StatusLabel];
    return message ? i18n._(message) : description;
  };
  const reasonText = (reason: { code: string; name: string } | null) => {
    if (!reason) return EMPTY;
    const message = REASON_TEXT[reason.name] ?? REASON_TEXT[reason.code];
    return message ? i18n._(message) : reason.name || reason.code;
  };
  const typeText = (type: number) => (type === 1 ? t`Expedition` : t`Reception`);
  const link = (to: string, label: string) => (
    <Link to={to} className={styles.link}>
      {label || EMPTY}
    </Link>
  );
  return (
    <div className={styles.detailWrap}>
      <table className={styles.detail}>
        <caption className={styles.detailTitle}>{title}</caption>
        {detail.metric === "trucks" ? (
          <>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Name</Trans>
                </th>
                <th scope="col">
                  <Trans>Plate</Trans>
                </th>
                <th scope="col">
                  <Trans>Register date</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {detail.rows.map((row) => (
                <tr key={row.id}>
                  <td>{link(detailLink("trucks", row), row.name)}</td>
                  <td className={styles.mono}>{row.plate}</td>
                  <td className={styles.number}>{shown(row.register_date)}</td>
                </tr>
              ))}
            </tbody>
          </>
        ) : detail.metric === "lines" ? (
          <>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Delivery note</Trans>
                </th>
                <th scope="col">
                  <Trans>Type</Trans>
                </th>
                <th scope="col">
                  <Trans>Booked date</Trans>
                </th>
                <th scope="col">
                  <Trans>Client</Trans>
                </th>
                <th scope="col">
                  <Trans>Truck</Trans>
                </th>
                <th scope="col">
                  <Trans>Status</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {detail.rows.map((row) => (
                <tr key={row.id}>
                  <td>{link(detailLink("lines", row), row.code)}</td>
                  <td>{typeText(row.type)}</td>
                  <td className={styles.number}>{shown(row.booked_date)}</td>
                  <td>{row.client ?? EMPTY}</td>
                  <td>{row.truck ?? EMPTY}</td>
                  <td>{statusText(row.status.description)}</td>
                </tr>
              ))}
            </tbody>
          </>
        ) : (
          <>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Delivery note</Trans>
                </th>
                <th scope="col">
                  <Trans>Type</Trans>
                </th>
                <th scope="col">
                  <Trans>Status</Trans>
                </th>
                <th scope="col">
                  <Trans>Reason</Trans>
                </th>
                <th scope="col">
                  <Trans>Since</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {detail.rows.map((row) => (
                <tr key={row.shipment.id}>
                  <td>
                    {link(
                      detailLink("incidences", { ...row.shipment, statusId: row.status.id }),
                      row.shipment.code,
                    )}
                  </td>
                  <td>{typeText(row.shipment.type)}</td>
                  <td>{statusText(row.status.description)}</td>
                  <td>{reasonText(row.reason)}</td>
                  <td className={styles.number}>{shown(row.created)}</td>
                </tr>
              ))}
            </tbody>
          </>
        )}
      </table>
    </div>
  );
}
