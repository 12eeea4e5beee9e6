import { useLingui } from "@lingui/react/macro";
import { useId, useMemo } from "react";
import { Input, Label, Text, TextField } from "react-aria-components";
import { phoneCountries } from "./phone-countries";
import styles from "./truck-form.module.css";

export interface PhoneFieldProps {
  country: string;
  phone: string;
  onCountryChange: (country: string) => void;
  onPhoneChange: (phone: string) => void;
  errors?: string[];
  countryErrors?: string[];
  isDisabled?: boolean;
}

/**
 * Phone with its country-code picker: ES, PT, GB, MX first, then every country with its
 * calling code. A native select: 240-odd options open in the device's own picker on tablets.
 */
export function PhoneField({
  country,
  phone,
  onCountryChange,
  onPhoneChange,
  errors,
  countryErrors,
  isDisabled,
}: PhoneFieldProps) {
  const { t, i18n } = useLingui();
  const countries = useMemo(() => phoneCountries(i18n.locale), [i18n.locale]);
  const selectId = useId();
  const countryErrorId = useId();
  const label = (entry: { name: string; callingCode: string }) =>
    `${entry.name} (${entry.callingCode})`;
  const countryInvalid = (countryErrors?.length ?? 0) > 0;
  const phoneInvalid = (errors?.length ?? 0) > 0;
  return (
    <div className={styles.phoneRow}>
      <div className={styles.field}>
        <label htmlFor={selectId} className={styles.label}>
          {t`Country code`}
        </label>
        <select
          id={selectId}
          className={styles.select}
          value={country}
          disabled={isDisabled}
          aria-invalid={countryInvalid || undefined}
          aria-describedby={countryInvalid ? countryErrorId : undefined}
          onChange={(event) => onCountryChange(event.target.value)}
        >
          <optgroup label={t`Frequent`}>
            {countries.preferred.map((entry) => (
              <option key={entry.code} value={entry.code}>
                {label(entry)}
              </option>
            ))}
          </optgroup>
          <optgroup label={t`All countries`}>
            {countries.others.map((entry) => (
              <option key={entry.code} value={entry.code}>
                {label(entry)}
              </option>
            ))}
          </optgroup>
        </select>
        {countryInvalid ? (
          <span id={countryErrorId} className={styles.error}>
            {countryErrors?.join(" ")}
          </span>
        ) : null}
      </div>
      <TextField
        className={`${styles.field} ${styles.grow}`}
        value={phone}
        onChange={(next) => onPhoneChange(next.replace(/[^\d\s+()-]/g, ""))}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={32}
        isInvalid={phoneInvalid}
        isDisabled={isDisabled}
      >
        <Label className={styles.label}>{t`Phone`}</Label>
        <Input className={`${styles.input} ${styles.mono}`} />
        {phoneInvalid ? (
          <Text slot="errorMessage" className={styles.error}>
            {errors?.join(" ")}
          </Text>
        ) : null}
      </TextField>
    </div>
  );
}
