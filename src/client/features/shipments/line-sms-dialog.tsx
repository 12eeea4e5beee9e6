import { useLingui } from "@lingui/react/macro";
import { notify, notifyError } from "../../lib/notices";
import { formatPhone, sendLineSms, smsFailureOf } from "../../lib/sms";
import { SmsDialog } from "../../ui/sms-dialog";
import type { useLineSms } from "./use-line-sms";

/**
 * The SMS dialog for a line (list row or form): sends to the line's truck through the line's
 * own call and locks the line's button for 10 s after each attempt.
 */
export function LineSmsDialog({
  sms,
  path,
  onError = notifyError,
}: {
  sms: ReturnType<typeof useLineSms>;
  path: "expedition" | "reception";
  onError?: (error: unknown) => void;
}) {
  const { t } = useLingui();
  const line = sms.line;
  return (
    <SmsDialog
      truck={
        line?.shipper ? { ...line.shipper, phoneLabel: formatPhone(line.shipper.phone) } : null
      }
      send={(_truck, message) => sendLineSms(path, line?.id ?? 0, message)}
      failureOf={smsFailureOf}
      cooldownUntil={sms.lockedUntil(line)}
      onAttempt={() => {
        if (line) sms.lock(line);
      }}
      onSent={() => {
        sms.close();
        notify("success", t`SMS`, t`Message sent successfully`);
      }}
      onError={onError}
      onClose={sms.close}
    />
  );
}
