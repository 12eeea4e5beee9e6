import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { yardCountry } from "../../../shared/phone";
import { useSession } from "../../lib/session/use-session";
import { BigChoice } from "./big-choice";
import styles from "./check-in.module.css";
import { CheckInFlow } from "./check-in-flow";
import { CheckInIssues } from "./check-in-issues";
import { CheckOutForm } from "./check-out-form";
import { PosterDialog } from "./poster-dialog";
import { useCheckInTheme } from "./use-check-in-theme";

/**
 * The check-in terminal (/truck-system, issue 15): check trucks in to the day's lines and out by
 * plate, in the kiosk theme, online or not (every write goes through the outbox).
 */
export function CheckInPage() {
  useCheckInTheme();
  const { t } = useLingui();
  const { company, user, roles } = useSession();
  const [mode, setMode] = useState<"in" | "out">("in");
  if (!company) return null;
  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.title}>
          <Trans>Truck check-in</Trans>
        </h1>
        <PosterDialog roles={roles} />
      </div>
      <CheckInIssues userId={user?.id ?? null} />
      <BigChoice
        label={t`Arrival or departure`}
        options={[
          { id: "in", label: <Trans>Arrival</Trans> },
          { id: "out", label: <Trans>Departure</Trans> },
        ]}
        value={mode}
        onChange={setMode}
      />
      {mode === "in" ? (
        <CheckInFlow
          company={company.id}
          zone={company.time_zone}
          phoneCountry={yardCountry({ timeZone: company.time_zone })}
        />
      ) : (
        <CheckOutForm company={company.id} />
      )}
    </div>
  );
}
