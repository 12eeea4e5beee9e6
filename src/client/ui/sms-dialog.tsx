import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { SMS_MAX_LENGTH } from "../../shared/contract/trucks";
import { Button } from "./button";
import { TextField } from "./fields/text-field";
import dialogStyles from "./list/dialog.module.css";
import styles from "./sms-dialog.module.css";

/** Send stays disabled this long after a send, so one tap cannot text a driver twice. */
export const SMS_COOLDOWN_MS = 10_000;

/** Who receives the SMS: the truck (shipper) and its phone, already formatted for display. */
export interface SmsRecipient {
  id: number;
  plate: string;
  name: string;
  phoneLabel: string;
}

export interface SmsDialogProps<T extends SmsRecipient = SmsRecipient> {
  /** The truck to text; null closes the dialog. */
  truck: T | null;
  /** Sends the message to the truck (lib/sms.ts `sendSms`). */
  send: (truckId: number, message: string) => Promise<unknown>;
  /** The gateway's refusal text carried by an error, or null for any other failure. */
  failureOf: (error: unknown) => string | null;
  /** Epoch ms until which Send stays disabled for this truck. */
  cooldownUntil: number;
  /** A send was attempted (sent or refused): starts the cooldown. */
  onAttempt: (truck: T) => void;
  onSent: () => void;
  /** A failure other than the gateway's refusal (network, 4xx). */
  onError: (error: unknown) => void;
  onClose: () => void;
}

/** Remaining whole seconds of the cooldown, re-rendering each second until it ends. */
function useCooldown(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= Date.now()) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    const end = setTimeout(() => {
      clearInterval(timer);
      setNow(Date.now());
    }, until - Date.now());
    return () => {
      clearInterval(timer);
      clearTimeout(end);
    };
  }, [until]);
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/** "Send SMS": a message of up to 480 characters to the truck's phone. */
export function SmsDialog<T extends SmsRecipient>({
  truck,
  send,
  failureOf,
  cooldownUntil,
  onAttempt,
  onSent,
  onError,
  onClose,
}: SmsDialogProps<T>) {
  const { t } = useLingui();
  const [message, setMessage] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const secondsLeft = useCooldown(cooldownUntil);

  // A new truck starts a new message.
  const truckId = truck?.id;
  useEffect(() => {
    if (truckId === undefined) return;
    setMessage("");
    setFailure(null);
  }, [truckId]);

  const handleSend = async () => {
    if (!truck || message.trim() === "") return;
    setSending(true);
    setFailure(null);
    try {
      await send(truck.id, message.trim());
      onAttempt(truck);
      onSent();
    } catch (error) {
      onAttempt(truck);
      const gateway = failureOf(error);
      if (gateway !== null) {
        setFailure(gateway);
      } else {
        console.error("Sending the SMS failed", error);
        onError(error);
      }
    } finally {
      setSending(false);
    }
  };

  const blank = message.trim() === "";
  return (
    <ModalOverlay
      className={dialogStyles.overlay}
      isOpen={truck !== null}
      isDismissable={!sending}
      onOpenChange={(open) => {
        if (!open && !sending) onClose();
      }}
    >
      <Modal className={dialogStyles.modal}>
        <Dialog className={dialogStyles.dialog}>
          <Heading slot="title" className={dialogStyles.title}>
            <Trans>Send SMS</Trans>
          </Heading>
          {truck ? (
            <p className={styles.to}>
              <span className={styles.mono}>{truck.plate}</span> · {truck.name} ·{" "}
              <span className={styles.mono}>{truck.phoneLabel}</span>
            </p>
          ) : null}
          <TextField
            label={t`Message`}
            value={message}
            onChange={setMessage}
            maxLength={SMS_MAX_LENGTH}
            isRequired
            autoFocus
            multiline
            description={t`${message.length} of ${SMS_MAX_LENGTH} characters`}
          />
          {failure !== null ? (
            <p role="alert" className={dialogStyles.error}>
              {failure}
            </p>
          ) : null}
          {secondsLeft > 0 ? (
            <p className={styles.hint} aria-live="polite">
              {t`You can send again in ${secondsLeft} s`}
            </p>
          ) : null}
          <div className={dialogStyles.actions}>
            <Button variant="secondary" onPress={onClose} isDisabled={sending}>
              <Trans>Close</Trans>
            </Button>
            <Button
              variant="primary"
              onPress={() => void handleSend()}
              pending={sending}
              isDisabled={blank || secondsLeft > 0}
            >
              <Trans>Send</Trans>
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
