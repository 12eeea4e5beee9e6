import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SMS_COOLDOWN_MS, SmsDialog, type SmsRecipient } from "./sms-dialog";

const TRUCK: SmsRecipient = {
  id: 7,
  plate: "1234-BCD",
  name: "Transportes Sur",
  phoneLabel: "+34 600 11 22 33",
};

/** The caller's side of the lock, as the trucks page keeps it: per truck, until epoch ms. */
function Harness({ send }: { send: (id: number, message: string) => Promise<unknown> }) {
  const [cooldown, setCooldown] = useState<Record<number, number>>({});
  return (
    <I18nProvider i18n={i18n}>
      <SmsDialog
        truck={TRUCK}
        send={send}
        failureOf={() => null}
        cooldownUntil={cooldown[TRUCK.id] ?? 0}
        onAttempt={(truck) => setCooldown({ [truck.id]: Date.now() + SMS_COOLDOWN_MS })}
        onSent={() => {}}
        onError={() => {}}
        onClose={() => {}}
      />
    </I18nProvider>
  );
}

afterEach(cleanup);

describe("SmsDialog", () => {
  it("sends once and locks Send with a countdown for 10 s after a send", async () => {
    const send = vi.fn(async () => ({}));
    render(<Harness send={send} />);
    fireEvent.change(screen.getByRole("textbox", { name: /message/i }), {
      target: { value: "Load ready at dock 3" },
    });
    const sendButton = screen.getByRole("button", { name: "Send" });
    fireEvent.click(sendButton);
    await waitFor(() => expect(send).toHaveBeenCalledWith(7, "Load ready at dock 3"));
    await screen.findByText(/You can send again in 10 s/);
    expect(screen.getByRole("button", { name: "Send" }).hasAttribute("disabled")).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(send).toHaveBeenCalledTimes(1);
  });
});
