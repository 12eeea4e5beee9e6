import { Trans } from "@lingui/react/macro";
import { DateTime } from "luxon";
import { useState } from "react";
import { SHIPMENT_TYPE } from "../../../../shared/constants";
import type { ShipmentType } from "../../../../shared/contract/status";
import { defaultRule, type RecurrenceRule, toRrule } from "../../../../shared/recurrence";
import { useSession } from "../../../lib/session/use-session";
import { Checkbox } from "../../../ui/fields/checkbox";
import type { ShipmentFormParts } from "./form-parts";
import styles from "./shipment-form.module.css";

export interface RepeatState {
  /** The user may repeat this line (new line, permission and company flag). */
  allowed: boolean;
  on: boolean;
  setOn: (on: boolean) => void;
  rule: RecurrenceRule;
  setRule: (rule: RecurrenceRule) => void;
  /** The RRULE to save with, undefined when not repeating, false when the rule is not valid. */
  rruleToSave: () => string | undefined | false;
}

/**
 * The repeat toggle (spec: only for new records and with permission): the repeats right, the
 * add right of the type, and the company's has_expeditions_rrule / has_receptions_rrule flag;
 * and the route gave the form the scheduling feature's recurrence form.
 */
export function useRepeat(
  type: ShipmentType,
  creating: boolean,
  parts: ShipmentFormParts,
): RepeatState {
  const session = useSession();
  const isExpedition = type === SHIPMENT_TYPE.expedition;
  const flag = isExpedition
    ? session.company?.has_expeditions_rrule
    : session.company?.has_receptions_rrule;
  const { RecurrenceForm, recurrenceProblems } = parts;
  const allowed =
    creating &&
    RecurrenceForm !== undefined &&
    recurrenceProblems !== undefined &&
    Boolean(flag) &&
    session.can("repeats") &&
    session.can(isExpedition ? "addExp" : "addRecep");
  const [on, setOn] = useState(false);
  const [rule, setRule] = useState<RecurrenceRule>(() => defaultRule(DateTime.local()));
  return {
    allowed,
    on: allowed && on,
    setOn,
    rule,
    setRule,
    rruleToSave: () => {
      if (!allowed || !on || !recurrenceProblems) return undefined;
      return Object.keys(recurrenceProblems(rule)).length > 0 ? false : toRrule(rule);
    },
  };
}

export function RepeatSection({
  repeat,
  first,
  RecurrenceForm,
}: {
  repeat: RepeatState;
  first: string | undefined;
  RecurrenceForm: NonNullable<ShipmentFormParts["RecurrenceForm"]>;
}) {
  const toggle = (on: boolean) => {
    repeat.setOn(on);
    // The rule starts from the first date's weekday, day and month.
    const start = first ? DateTime.fromISO(first) : DateTime.local();
    if (on && start.isValid) repeat.setRule(defaultRule(start));
  };
  return (
    <div className={styles.repeat}>
      <Checkbox isSelected={repeat.on} onChange={toggle}>
        <Trans>Repeat this line</Trans>
      </Checkbox>
      {repeat.on ? (
        <RecurrenceForm rule={repeat.rule} onChange={repeat.setRule} first={first} />
      ) : null}
    </div>
  );
}
