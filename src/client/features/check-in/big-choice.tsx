import type { ReactNode } from "react";
import { ToggleButton, ToggleButtonGroup } from "react-aria-components";
import styles from "./check-in.module.css";

export interface BigChoiceProps<Key extends string> {
  /** What is chosen (the group's accessible name). */
  label: string;
  options: readonly { id: Key; label: ReactNode }[];
  value: Key;
  onChange: (value: Key) => void;
}

/** Large side-by-side toggle buttons, exactly one on: arrival or departure, load or download. */
export function BigChoice<Key extends string>({
  label,
  options,
  value,
  onChange,
}: BigChoiceProps<Key>) {
  return (
    <ToggleButtonGroup
      className={styles.choices}
      aria-label={label}
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[value]}
      onSelectionChange={(keys) => {
        const [key] = [...keys];
        const chosen = options.find((option) => option.id === key);
        if (chosen) onChange(chosen.id);
      }}
    >
      {options.map((option) => (
        <ToggleButton key={option.id} className={styles.choice} id={option.id}>
          {option.label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
