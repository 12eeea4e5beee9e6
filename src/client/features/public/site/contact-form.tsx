import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useRef, useState } from "react";
import {
  type ContactDraft,
  type ContactField,
  contactBody,
  contactErrors,
  EMPTY_CONTACT,
} from "./contact-rules";
import { langOf, type PublicLang, storedLang } from "./public-lang";
import styles from "./site.module.css";

type Status =
  | { kind: "idle" }
  | { kind: "sending" }
  | { kind: "sent" }
  | { kind: "failed"; text: string };

/**
 * The contact form (spec "Public routes", sections 4, 5 and 8): a successful send shows the
 * success notice and clears the form. Plain fetch, no app code: this page loads on its own.
 */
export function ContactForm({ lang }: { lang: PublicLang }) {
  const { t } = useLingui();
  const [draft, setDraft] = useState<ContactDraft>(EMPTY_CONTACT);
  const [errors, setErrors] = useState<ContactField[]>([]);
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const openedAt = useRef(Date.now());

  const set = <K extends keyof ContactDraft>(key: K, value: ContactDraft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => current.filter((field) => field !== key));
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = contactErrors(draft);
    setErrors(found);
    if (found.length > 0) {
      document.getElementById(`contact-${found[0]}`)?.focus();
      return;
    }
    setStatus({ kind: "sending" });
    // The stored variant (en_bw, es_bw) when it is the language on screen (spec section 9).
    const stored = storedLang();
    const language = stored && langOf(stored) === lang ? stored : lang;
    try {
      const response = await fetch("/api/contact", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(contactBody(draft, language, Date.now() - openedAt.current)),
      });
      if (response.status === 429) {
        setStatus({
          kind: "failed",
          text: t`Too many messages from this connection. Please try again in an hour.`,
        });
        return;
      }
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      setDraft(EMPTY_CONTACT);
      openedAt.current = Date.now();
      setStatus({ kind: "sent" });
    } catch {
      setStatus({ kind: "failed", text: t`The message could not be sent. Please try again.` });
    }
  };

  const error = (field: ContactField, label: string) =>
    errors.includes(field) ? (
      <span id={`contact-${field}-error`} className={styles.fieldError}>
        {field === "terms"
          ? t`Please accept the Terms and conditions and the Privacy Policy`
          : t`${label} must not be blank`}
      </span>
    ) : null;

  const input = (field: "name" | "email" | "phone" | "company", label: string, type = "text") => {
    const mandatory = field !== "phone";
    const invalid = mandatory && errors.includes(field as ContactField);
    return (
      <div className={styles.formField}>
        <label htmlFor={`contact-${field}`}>
          {label}
          {mandatory ? (
            <span aria-hidden="true"> *</span>
          ) : (
            <span className={styles.muted}>
              {" "}
              (<Trans>optional</Trans>)
            </span>
          )}
        </label>
        <input
          id={`contact-${field}`}
          name={field}
          type={type}
          autoComplete={field === "company" ? "organization" : field === "phone" ? "tel" : field}
          value={draft[field]}
          maxLength={field === "email" ? 254 : 120}
          required={mandatory}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `contact-${field}-error` : undefined}
          onChange={(event) => set(field, event.target.value)}
        />
        {mandatory ? error(field as ContactField, label) : null}
      </div>
    );
  };

  return (
    <form className={styles.contactForm} onSubmit={(event) => void handleSubmit(event)} noValidate>
      {status.kind === "sent" ? (
        <p className={styles.success} role="status">
          <Trans>Message sent successfully</Trans>
        </p>
      ) : null}
      {status.kind === "failed" ? (
        <p className={styles.failure} role="alert">
          {status.text}
        </p>
      ) : null}
      {input("name", t`Name`)}
      {input("email", t`Email`, "email")}
      {input("phone", t`Phone`, "tel")}
      {input("company", t`Company`)}
      <div className={styles.formField}>
        <label htmlFor="contact-comments">
          <Trans>Comments</Trans>{" "}
          <span className={styles.muted}>
            (<Trans>optional</Trans>)
          </span>
        </label>
        <textarea
          id="contact-comments"
          name="comments"
          rows={5}
          maxLength={4000}
          value={draft.comments}
          onChange={(event) => set("comments", event.target.value)}
        />
      </div>
      <div className={styles.honeypot} aria-hidden="true">
        <label htmlFor="contact-website">
          <Trans>Leave this field empty</Trans>
        </label>
        <input
          id="contact-website"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={draft.website}
          onChange={(event) => set("website", event.target.value)}
        />
      </div>
      <div className={styles.checkField}>
        <input
          id="contact-terms"
          type="checkbox"
          checked={draft.terms}
          aria-invalid={errors.includes("terms") || undefined}
          aria-describedby={errors.includes("terms") ? "contact-terms-error" : undefined}
          onChange={(event) => set("terms", event.target.checked)}
        />
        <label htmlFor="contact-terms">
          <Trans>
            I accept the <a href="/terms-conditions">Terms and conditions</a> and the{" "}
            <a href="/privacy-policy">Privacy Policy</a>
          </Trans>
        </label>
        {error("terms", "")}
      </div>
      <button type="submit" className={styles.primary} disabled={status.kind === "sending"}>
        <Trans>Send</Trans>
      </button>
    </form>
  );
}
