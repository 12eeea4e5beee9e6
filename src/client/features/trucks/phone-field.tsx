import { useLingui } from "@lingui/react/macro";
import { useMemo } from "react";
import { SelectField } from "../../ui/fields/select-field";
import { TextField } from "../../ui/fields/text-field";
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
  const label = (entry: { name: string; callingCode: string }) =>
    `${entry.name} (${entry.callingCode})`;
  return (
    <div className={styles.phoneRow}>
      <SelectField
        label={t`Country code`}
        value={country}
        onChange={onCountryChange}
        isDisabled={isDisabled}
        errorMessage={countryErrors?.length ? countryErrors.join(" ") : undefined}
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
      </SelectField>
      <TextField
        className={styles.grow}
        label={t`Phone`}
        value={phone}
        onChange={(next) => onPhoneChange(next.replace(/[^\d\s+()-]/g, ""))}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={32}
        mono
        isDisabled={isDisabled}
        errorMessage={errors?.length ? errors.join(" ") : undefined}
      />
    </div>
  );
}
