import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { CHECK_IN_PAGE_ROLES, CheckInPageAnswer } from "../../../shared/contract/check-in";
import type { RoleKey } from "../../../shared/roles";
import { useRemoteData } from "../../lib/data-hooks/use-remote-data";
import { http } from "../../lib/http";
import { notifyError } from "../../lib/notices";
import { Button } from "../../ui/button";
import { Modal } from "../../ui/modal";
import styles from "./check-in.module.css";

const PAGE = "api/check-in/page";

/** The address drivers open on their phones, from the page's token. */
export function selfCheckInUrl(token: string): string {
  return new URL(`/check-in/${token}`, window.location.origin).toString();
}

/**
 * The printable poster of the public self check-in page: its QR code and address. The office
 * roles may give the page a new address (the old one stops working) or create the first.
 */
export function PosterDialog({ roles }: { roles: readonly RoleKey[] }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [token, setToken] = useState<string | null>(null);
  const [renewing, setRenewing] = useState(false);
  const manages = roles.length > 0 && roles.every((role) => CHECK_IN_PAGE_ROLES.includes(role));

  // The page's address, read at each opening.
  const page = useRemoteData(
    open ? PAGE : null,
    async (signal) => CheckInPageAnswer.parse(await http.get<unknown>(PAGE, { signal })).token,
    { onData: setToken, onError: notifyError },
  );
  const busy = renewing || page.isFetching;
  const renew = async () => {
    setRenewing(true);
    try {
      setToken(CheckInPageAnswer.parse(await http.post<unknown>(PAGE)).token);
    } catch (error) {
      notifyError(error);
    } finally {
      setRenewing(false);
    }
  };

  // The QR code is drawn on the device (the qrcode module loads with the first poster).
  const drawn = useRemoteData(
    token,
    async () => {
      const QRCode = await import("qrcode");
      return QRCode.toDataURL(selfCheckInUrl(token ?? ""), { width: 360, margin: 1 });
    },
    { keepPrevious: true },
  );
  const qr = token ? (drawn.data ?? null) : null;

  return (
    <>
      <Button variant="secondary" onPress={() => setOpen(true)}>
        <Trans>Self check-in poster</Trans>
      </Button>
      <Modal title={t`Check in from your phone`} isOpen={open} onOpenChange={setOpen}>
        <div className={styles.poster}>
          {token && qr ? (
            <>
              <img src={qr} alt={t`QR code of the self check-in page`} width={360} height={360} />
              <p className={styles.posterUrl}>{selfCheckInUrl(token)}</p>
              <Button onPress={() => window.print()}>
                <Trans>Print</Trans>
              </Button>
            </>
          ) : token === null && !busy ? (
            <p>
              <Trans>This company has no self check-in page yet.</Trans>
            </p>
          ) : null}
          {manages ? (
            <Button variant="secondary" pending={busy} onPress={() => void renew()}>
              {token ? (
                <Trans>New address (the old one stops working)</Trans>
              ) : (
                <Trans>Create the page</Trans>
              )}
            </Button>
          ) : null}
          <Button variant="ghost" onPress={() => setOpen(false)}>
            <Trans>Close</Trans>
          </Button>
        </div>
      </Modal>
    </>
  );
}
