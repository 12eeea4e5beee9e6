import { useNavigate } from "@tanstack/react-router";
import { DateTime } from "luxon";
import { useEffect, useRef, useState } from "react";
import type { Shipment } from "../../../shared/contract/shipments";
import type { ShipmentType } from "../../../shared/contract/status";
import { isTransient } from "../../lib/errors";
import { countShipmentsDue } from "../../offline/shipments-api";
import {
  countMirroredShipmentsDue,
  type ShipmentListFilters,
} from "../../offline/shipments-mirror";
import { pageHolding } from "../../ui/list/page-window";
import { cleanSearch, PAGE_PARAM, type SearchRecord } from "../../ui/list/url-search";

/** The URL's `due=next`: open on the page holding the next line due (a forklift's home). */
export const NEXT_DUE = "next";

interface NextDueInput {
  /** The URL asks for the next line due (`due=next`). */
  enabled: boolean;
  type: ShipmentType;
  companyId: number | null;
  companyCode: string | null;
  /** The list's filters (without `due`). */
  filters: ShipmentListFilters;
  pageSize: number;
  /** The rows shown: once on the page found, the next line due is scrolled into view. */
  rows: readonly Pick<Shipment, "id" | "booked_date">[];
}

async function countDue(input: NextDueInput, company: number, now: DateTime) {
  try {
    return await countShipmentsDue(input.type, input.filters, now);
  } catch (error) {
    if (!isTransient(error)) throw error;
    const scope = { type: input.type, companyCode: input.companyCode };
    return countMirroredShipmentsDue(company, scope, input.filters, now);
  }
}

/**
 * A forklift driver's list opens on the next lines due (issue 26): with `due=next` in the URL,
 * counts the lines booked before now (the device's clock, the yard's) and replaces the URL with
 * the page holding the first line still to come (the last page when all are due, the mirror's
 * count offline). Answers whether the page is still being worked out.
 */
export function useNextDuePage(input: NextDueInput): boolean {
  const navigate = useNavigate();
  const latest = useRef(input);
  latest.current = input;
  const [failed, setFailed] = useState(false);
  const scrollPending = useRef(false);
  const { enabled, companyId, rows } = input;

  useEffect(() => {
    if (!enabled || companyId === null) return;
    let live = true;
    const go = (page: number) =>
      void navigate({
        to: ".",
        replace: true,
        search: ((previous: SearchRecord) =>
          cleanSearch({ ...previous, due: undefined, [PAGE_PARAM]: page })) as never,
      });
    countDue(latest.current, companyId, DateTime.local())
      .then(({ total, past }) => {
        if (!live) return;
        scrollPending.current = true;
        go(pageHolding(past, total, latest.current.pageSize));
      })
      .catch((error: unknown) => {
        console.error("Finding the next line due failed", error);
        if (!live) return;
        setFailed(true);
        go(1);
      });
    return () => {
      live = false;
    };
  }, [enabled, companyId, navigate]);

  // The card of the first line still to come, in view (it may sit low on its page).
  useEffect(() => {
    if (enabled || !scrollPending.current) return;
    const due = DateTime.local().startOf("minute").toMillis();
    const next = rows.find((row) => Date.parse(row.booked_date) >= due);
    if (!next) return;
    const card = document.getElementById(`line-${next.id}`)?.closest("li");
    if (!card) return;
    scrollPending.current = false;
    card.scrollIntoView({ block: "nearest" });
  }, [enabled, rows]);

  return enabled && companyId !== null && !failed;
}
