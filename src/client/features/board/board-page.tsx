import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useNavigate } from "@tanstack/react-router";
import { DateTime } from "luxon";
import { type CSSProperties, useMemo } from "react";
import { SHIPMENT_TYPE } from "../../../shared/constants";
import type { CarrierBookingState } from "../../../shared/contract/carrier-booking";
import type { Shipment } from "../../../shared/contract/shipments";
import { useSession } from "../../lib/session/use-session";
import { useToday } from "../../lib/use-today";
import type { ShipmentListFilters } from "../../offline/shipments-mirror";
import { useMirroredList } from "../../offline/use-mirrored-list";
import { Button } from "../../ui/button";
import { CarrierMark } from "../../ui/carrier-mark";
import { LoadingIndicator } from "../../ui/list/loading-indicator";
import { OfflineMarker } from "../../ui/list/offline-marker";
import pageStyles from "../../ui/page.module.css";
import { statusLabel } from "../../ui/shipment-labels";
import styles from "./board.module.css";
import { boardSource } from "./board-source";
import { useCarrierBookings } from "./carrier-bookings";
import { CarrierBookingsPanel } from "./carrier-bookings-panel";
import { type BoardSlot, boardSlots, type SlotRoom } from "./slot-grouping";
import { useDaySlots } from "./use-day-slots";

export interface BoardPageProps {
  /** The day shown (YYYY-MM-DD, the URL's ?date=); today when absent. */
  date?: string | undefined;
}

const DAY = "yyyy-LL-dd";

/**
 * /board (beyond the spec, issue 12): one day of the yard as hour slots 06:00..21:00, the
 * expeditions and receptions booked in each by status, with the room each hour has left. Live
 * (the mirror follows the change feed and live events) and offline (from the mirror, capacity
 * as last fetched). Readable on a kiosk wall; previous/next day, the day in the URL.
 */
export function BoardPage({ date }: BoardPageProps) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const session = useSession();
  const today = useToday();
  const day = date && DateTime.fromFormat(date, DAY).isValid ? date : today;
  const company = session.company?.id ?? null;
  const code = session.company?.code ?? null;
  const filters = useMemo<ShipmentListFilters>(
    () => ({ booked_date_after: day, booked_date_before: day }),
    [day],
  );
  const expeditions = useMirroredList(
    boardSource(SHIPMENT_TYPE.expedition, code),
    company,
    filters,
    1,
  );
  const receptions = useMirroredList(
    boardSource(SHIPMENT_TYPE.reception, code),
    company,
    filters,
    1,
  );
  const lines = useMemo(
    () => [...expeditions.rows, ...receptions.rows],
    [expeditions.rows, receptions.rows],
  );
  // The capacity figures are fetched again whenever either list answers afresh.
  const changes = (expeditions.lastSync ?? 0) + (receptions.lastSync ?? 0);
  const load = useDaySlots(company, day, "load", changes);
  const unload = useDaySlots(company, day, "unload", changes);
  const zone = unload.slots?.time_zone ?? load.slots?.time_zone ?? DateTime.local().zoneName;
  const slots = boardSlots(lines, zone, load.slots, unload.slots);
  // Restricted dates bind receptions only (issue 25).
  const restricted = Boolean(unload.slots?.restricted);
  const offline = expeditions.isOffline || receptions.isOffline;
  const loading = expeditions.isLoading || receptions.isLoading;
  const capacityAt = unload.fetchedAt ?? load.fetchedAt;
  const carrier = useCarrierBookings(company, day, changes);
  // The lines carriers booked (live bookings only), marked on their cards.
  const booked = useMemo(
    () =>
      new Map(
        carrier.bookings
          .filter(
            (row) =>
              row.shipment !== null && (row.state === "confirmed" || row.state === "to_confirm"),
          )
          .map((row) => [row.shipment, row.state] as const),
      ),
    [carrier.bookings],
  );

  const shown = DateTime.fromFormat(day, DAY).setLocale(
    i18n.locale === "mx" ? "es-MX" : i18n.locale,
  );
  const go = (next: string) => void navigate({ to: "/board", search: { date: next } });
  const shift = (days: number) => go(DateTime.fromFormat(day, DAY).plus({ days }).toFormat(DAY));

  return (
    <section className={`${pageStyles.page} ${styles.board}`} aria-labelledby="board-title">
      <header className={styles.header}>
        <div className={styles.titleRow}>
          <h1 id="board-title" className={pageStyles.title}>
            <Trans>Day board</Trans>
          </h1>
          <p className={styles.day}>{shown.toFormat("cccc d LLLL yyyy")}</p>
          {expeditions.isFetching || receptions.isFetching ? <LoadingIndicator inline /> : null}
          {offline ? <OfflineMarker updatedAt={expeditions.lastSync} /> : null}
        </div>
        <nav className={styles.nav} aria-label={t`Day`}>
          <Button variant="secondary" onPress={() => shift(-1)}>
            <Trans>Previous day</Trans>
          </Button>
          <Button variant="secondary" onPress={() => go(today)} isDisabled={day === today}>
            <Trans>Today</Trans>
          </Button>
          <Button variant="secondary" onPress={() => shift(1)}>
            <Trans>Next day</Trans>
          </Button>
          <input
            type="date"
            aria-label={t`Go to day`}
            className={styles.dayInput}
            value={day}
            onChange={(event) => event.target.value && go(event.target.value)}
          />
        </nav>
      </header>
      {restricted ? (
        <p className={styles.restricted} role="status">
          <Trans>Restricted date: no reception can be booked on this day.</Trans>
        </p>
      ) : null}
      {capacityAt !== null && (unload.offline || load.offline) ? (
        <p className={styles.note}>
          <Trans>Free places as of {DateTime.fromMillis(capacityAt).toFormat("HH:mm")}</Trans>
        </p>
      ) : null}
      <CarrierBookingsPanel
        bookings={carrier.bookings}
        canDecide={(row) => session.can(row.operation === "load" ? "editExp" : "editRecep")}
        onDecided={() => void carrier.reload()}
      />
      {loading && lines.length === 0 ? <LoadingIndicator /> : null}
      {!loading && lines.length === 0 ? (
        <p className={styles.empty}>
          <Trans>No lines booked this day.</Trans>
        </p>
      ) : null}
      <ol className={styles.slots} aria-label={t`Hour slots`}>
        {slots.map((slot) => (
          <SlotRow key={slot.hour} slot={slot} booked={booked} />
        ))}
      </ol>
    </section>
  );
}

type CarrierMarks = ReadonlyMap<number | null, CarrierBookingState>;

function SlotRow({ slot, booked }: { slot: BoardSlot; booked: CarrierMarks }) {
  const { t } = useLingui();
  const hour = `${String(slot.hour).padStart(2, "0")}:00`;
  return (
    <li
      className={styles.slot}
      data-open={slot.open || undefined}
      aria-label={t`${hour}: ${slot.lines.length} lines`}
    >
      <div className={styles.slotHead}>
        <span className={styles.hour}>{hour}</span>
        <Room label={t`Receptions`} room={slot.unload} />
        <Room label={t`Expeditions`} room={slot.load} />
        {!slot.open ? (
          <span className={styles.closed}>
            <Trans>Closed</Trans>
          </span>
        ) : null}
      </div>
      <ul className={styles.lines}>
        {slot.lines.map((line) => (
          <LineCard key={line.id} line={line} carrier={booked.get(line.id)} />
        ))}
      </ul>
    </li>
  );
}

function Room({ label, room }: { label: string; room: SlotRoom }) {
  const { t } = useLingui();
  const text =
    room.capacity === undefined
      ? `${room.booked}`
      : room.capacity === null
        ? t`${room.booked} · no limit`
        : room.over > 0
          ? t`${room.booked}/${room.capacity} · ${room.over} over`
          : t`${room.booked}/${room.capacity} · ${room.free} free`;
  return (
    <span
      className={styles.room}
      data-full={room.free === 0 || undefined}
      data-over={room.over > 0 || undefined}
    >
      <span className={styles.roomLabel}>{label}</span> {text}
    </span>
  );
}

function LineCard({ line, carrier }: { line: Shipment; carrier: CarrierBookingState | undefined }) {
  const { t, i18n } = useLingui();
  const isExpedition = line.type === SHIPMENT_TYPE.expedition;
  const place = isExpedition ? line.destination : line.origin;
  return (
    <li
      className={styles.card}
      style={{ "--status-color": line.status.color } as CSSProperties}
      data-type={isExpedition ? "expedition" : "reception"}
    >
      <Link
        to={isExpedition ? "/expedition/{-$id}" : "/reception/{-$id}"}
        params={{ id: String(line.id) }}
        className={styles.cardLink}
        aria-label={t`${isExpedition ? t`Expedition` : t`Reception`} ${line.code}`}
      >
        <span className={styles.cardHead}>
          <span className={styles.kind}>{isExpedition ? t`EXP` : t`REC`}</span>
          <span className={styles.code}>{line.code || "—"}</span>
          {line.urgent ? (
            <span className={styles.urgent}>
              <Trans>Urgent</Trans>
            </span>
          ) : null}
          <CarrierMark state={carrier ?? line.carrier_booking} />
        </span>
        <span className={styles.client}>{line.client?.description ?? "—"}</span>
        {place ? <span className={styles.place}>{place}</span> : null}
        <span className={styles.cardFoot}>
          <span className={styles.status}>{statusLabel(line.status.description, i18n)}</span>
          {line.shipper?.plate ? <span className={styles.plate}>{line.shipper.plate}</span> : null}
          <span className={styles.time}>
            {DateTime.fromISO(line.booked_date).toFormat("HH:mm")}
          </span>
        </span>
      </Link>
    </li>
  );
}
