import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { SHIPMENT_TYPE } from "../../../../shared/constants";
import type {
  ShipmentWriteField,
  ShipmentWriteValues,
} from "../../../../shared/contract/shipments-write";
import type { ShipmentType, StatusDefinition } from "../../../../shared/contract/status";
import { type BookingRefusal, fieldLabel } from "../../../lib/error-messages";
import { Button } from "../../../ui/button";
import { Checkbox } from "../../../ui/fields/checkbox";
import { DateField } from "../../../ui/fields/date-field";
import { SelectField } from "../../../ui/fields/select-field";
import { TextField, type TextFieldProps } from "../../../ui/fields/text-field";
import { reasonLabel, statusLabel } from "../../../ui/shipment-labels";
import { reasonsOf } from "../commands";
import type { ShipmentClient, ShipmentTruck } from "../form-commands-values";
import { ClientSelect } from "./client-select";
import type { ShipmentFormParts } from "./form-parts";
import {
  displayDate,
  fromLocalInput,
  numberOrNull,
  type ShipmentFormState,
  toLocalInput,
} from "./form-values";
import styles from "./shipment-form.module.css";
import { TruckSelect } from "./truck-select";

export interface ShipmentFormSectionsProps {
  type: ShipmentType;
  isTrw: boolean;
  creating: boolean;
  state: ShipmentFormState;
  setValue: (field: keyof ShipmentWriteValues, value: unknown) => void;
  setClient: (client: ShipmentClient | null) => void;
  setShipper: (truck: ShipmentTruck | null) => void;
  editable: (field: ShipmentWriteField) => boolean;
  errors: Partial<Record<string, string>>;
  statuses: readonly StatusDefinition[];
  /** The trucks, documents and scheduling pieces the route passes in. */
  parts: ShipmentFormParts;
  /**
   * Receptions book an hour slot: every hour 06:00..21:00 when true (a repeated line, or the
   * lockdowns permission), else the hours the server offers (spec section 5).
   */
  bookAnyHour: boolean;
  /** The reception's booked day as picked (with or without an hour). */
  onBookedDay?: ((day: string) => void) | undefined;
  /** The dock refused the booked hour on Save: the slot input offers what is free. */
  bookingRefusal?: BookingRefusal | null | undefined;
}

/**
 * The fields in four groups (line, transport, goods, notes). The trw layout adds the route
 * plate, shared id, truck information and pallet notes (expeditions) or load/empty and load
 * type (receptions); the other layout leaves them out.
 */
export function ShipmentFormSections(props: ShipmentFormSectionsProps) {
  const { t, i18n } = useLingui();
  const { type, isTrw, state, setValue, editable, errors } = props;
  const values = state.values;
  const isExpedition = type === SHIPMENT_TYPE.expedition;
  const place = isExpedition ? "destination" : "origin";
  const label = (field: string) => fieldLabel(field, i18n);
  // An existing booked date shows as text with Change (spec): Change clears it for a new pick.
  const [changingBooked, setChangingBooked] = useState(props.creating);
  const { BookedSlotInput } = props.parts;
  const text = (field: ShipmentWriteField, options: Partial<TextFieldProps> = {}) => (
    <TextField
      label={label(field)}
      value={String(values[field as keyof ShipmentWriteValues] ?? "")}
      onChange={(value) => setValue(field as keyof ShipmentWriteValues, value)}
      isReadOnly={!editable(field)}
      errorMessage={errors[field]}
      maxLength={60}
      blockEnter
      {...options}
    />
  );
  const number = (field: "packages" | "weight") => (
    <TextField
      label={label(field)}
      value={values[field] === null || values[field] === undefined ? "" : String(values[field])}
      onChange={(value) => setValue(field, numberOrNull(value))}
      isReadOnly={!editable(field)}
      errorMessage={errors[field]}
      inputMode={field === "packages" ? "numeric" : "decimal"}
      maxLength={14}
      blockEnter
    />
  );
  const check = (field: "urgent" | "groupage" | "own_truck" | "packing_list") => (
    <Checkbox
      isSelected={Boolean(values[field])}
      onChange={(value) => setValue(field, value)}
      isDisabled={!editable(field)}
    >
      {label(field)}
    </Checkbox>
  );
  const statusId = values.status;
  const reasons = statusId ? reasonsOf(statusId) : [];
  const booked = toLocalInput(values.booked_date);
  return (
    <div className={styles.sections}>
      <fieldset className={styles.section}>
        <legend className={styles.legend}>
          <Trans>Line</Trans>
        </legend>
        {text("code", { mono: true, isRequired: !isTrw })}
        {(props.bookingRefusal || (!isExpedition && changingBooked)) &&
        editable("booked_date") &&
        BookedSlotInput ? (
          <div className={styles.wide}>
            <BookedSlotInput
              label={label("booked_date")}
              value={values.booked_date}
              onChange={(value) => setValue("booked_date", value)}
              operation={isExpedition ? "load" : "unload"}
              // Expeditions book any hour; after a refusal the slot input offers the free ones.
              allHours={props.bookAnyHour || isExpedition}
              onDayChange={props.onBookedDay}
              errorMessage={errors.booked_date}
              refusal={props.bookingRefusal}
            />
          </div>
        ) : (
          <DateField
            id="booked_date"
            type="datetime-local"
            label={label("booked_date")}
            value={booked}
            readOnlyText={displayDate(booked)}
            blockEnter
            onChange={(value) => setValue("booked_date", fromLocalInput(value) ?? undefined)}
            isReadOnly={!editable("booked_date") || !changingBooked}
            isRequired
            errorMessage={errors.booked_date}
            addon={
              !changingBooked && editable("booked_date") ? (
                <Button
                  variant="secondary"
                  onPress={() => {
                    setChangingBooked(true);
                    setValue("booked_date", undefined);
                  }}
                >
                  <Trans>Change</Trans>
                </Button>
              ) : null
            }
          />
        )}
        <DateField
          id="action_date"
          type="datetime-local"
          label={isExpedition ? t`Loading date` : t`Discharge date`}
          value={toLocalInput(values.action_date)}
          readOnlyText={displayDate(toLocalInput(values.action_date))}
          blockEnter
          onChange={(value) => setValue("action_date", fromLocalInput(value))}
          isReadOnly={!editable("action_date")}
          errorMessage={errors.action_date}
        />
        <div className={styles.wide}>
          <ClientSelect
            label={label("client")}
            value={state.client}
            onChange={props.setClient}
            isReadOnly={!editable("client")}
            errorMessage={errors.client}
          />
        </div>
        {text(place, { maxLength: 200, isRequired: isTrw, className: styles.wide })}
        <SelectField
          id="status"
          label={label("status")}
          value={String(statusId ?? "")}
          options={props.statuses.map((status) => ({
            value: String(status.id),
            label: statusLabel(status.description, i18n),
          }))}
          onChange={(value) => {
            setValue("status", Number(value));
            const only = reasonsOf(Number(value));
            setValue("reason", only.length === 1 ? (only[0]?.code ?? null) : null);
          }}
          isReadOnly={!editable("status")}
          errorMessage={errors.status}
        />
        <SelectField
          id="reason"
          label={label("reason")}
          value={values.reason ?? ""}
          options={[
            { value: "", label: reasons.length ? t`No reason` : "—" },
            ...reasons.map((reason) => ({
              value: reason.code,
              label: reasonLabel(reason, i18n),
            })),
          ]}
          onChange={(value) => setValue("reason", value === "" ? null : value)}
          isReadOnly={!editable("reason") || reasons.length === 0}
          errorMessage={errors.reason}
        />
        <div className={`${styles.checks} ${styles.wide}`}>{check("urgent")}</div>
      </fieldset>

      <fieldset className={styles.section}>
        <legend className={styles.legend}>
          <Trans>Transport</Trans>
        </legend>
        <div className={styles.wide}>
          <TruckSelect
            label={label("shipper")}
            value={state.shipper}
            onChange={props.setShipper}
            isReadOnly={!editable("shipper")}
            errorMessage={errors.shipper}
            truckForm={props.parts.truckForm}
          />
        </div>
        {text("road")}
        {text("road_number", { maxLength: 30 })}
        {isTrw && isExpedition ? text("route_plate", { mono: true, maxLength: 40 }) : null}
        {isTrw ? text("shared_id") : null}
        {isTrw ? text("info_shipper", { maxLength: 200, className: styles.wide }) : null}
        <div className={`${styles.checks} ${styles.wide}`}>
          {check("own_truck")}
          {check("groupage")}
        </div>
      </fieldset>

      <fieldset className={styles.section}>
        <legend className={styles.legend}>
          <Trans>Goods</Trans>
        </legend>
        {number("packages")}
        {number("weight")}
        {text("warehouse")}
        {text("dock")}
        {isTrw && isExpedition
          ? text("pallet_notes", { multiline: true, maxLength: 1000, className: styles.wide })
          : null}
        {isTrw && !isExpedition ? (
          <>
            <SelectField
              id="load_empty"
              label={label("load_empty")}
              value={values.load_empty ?? ""}
              options={[
                { value: "", label: "—" },
                { value: "load", label: t`Load` },
                { value: "empty", label: t`Empty` },
              ]}
              onChange={(value) => setValue("load_empty", value === "" ? null : value)}
              isReadOnly={!editable("load_empty")}
            />
            <SelectField
              id="load_type"
              label={label("load_type")}
              value={values.load_type ?? ""}
              options={[
                { value: "", label: "—" },
                { value: "full", label: t`Full` },
                { value: "not_full", label: t`Not full` },
              ]}
              onChange={(value) => setValue("load_type", value === "" ? null : value)}
              isReadOnly={!editable("load_type")}
            />
          </>
        ) : null}
        <div className={`${styles.checks} ${styles.wide}`}>{check("packing_list")}</div>
      </fieldset>

      <fieldset className={styles.section}>
        <legend className={styles.legend}>
          <Trans>Notes</Trans>
        </legend>
        {text("client_notes", { multiline: true, maxLength: 1000, className: styles.wide })}
        {text("company_notes", { multiline: true, maxLength: 1000, className: styles.wide })}
      </fieldset>
    </div>
  );
}
