import { type FormEvent, useRef, useState } from "react";
import { CONTACT_COPY } from "./contact-copy";
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
  const copy = CONTACT_COPY[lang];
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
      if (response.status === 429) throw new Error(copy.tooMany);
      if (!response.ok) throw new Error(copy.failed);
      setDraft(EMPTY_CONTACT);
      openedAt.current = Date.now();
      setStatus({ kind: "sent" });
    } catch (error) {
      const text =
        error instanceof Error && error.message === copy.tooMany ? copy.tooMany : copy.failed;
      setStatus({ kind: "failed", text });
    }
  };

  const error = (field: ContactField, label: string) =>
    errors.includes(field) ? (
      <span id={`contact-${field}-error`} className={styles.fieldError}>
        {field === "terms" ? copy.acceptTerms : copy.empty(label)}
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
            <span className={styles.muted}> ({copy.optional})</span>
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
          {copy.success}
        </p>
      ) : null}
      {status.kind === "failed" ? (
        <p className={styles.failure} role="alert">
          {status.text}
        </p>
      ) : null}
      {input("name", copy.name)}
      {input("email", copy.email, "email")}
      {input("phone", copy.phone, "tel")}
      {input("company", copy.company)}
      <div className={styles.formField}>
        <label htmlFor="contact-comments">
          {copy.comments} <span className={styles.muted}>({copy.optional})</span>
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
        <label htmlFor="contact-website">{copy.honeypot}</label>
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
          {copy.accept[0]}
          <a href="/terms-conditions">{copy.accept[1]}</a>
          {copy.accept[2]}
          <a href="/privacy-policy">{copy.accept[3]}</a>
        </label>
        {error("terms", "")}
      </div>
      <button type="submit" className={styles.primary} disabled={status.kind === "sending"}>
        {copy.send}
      </button>
    </form>
  );
}
