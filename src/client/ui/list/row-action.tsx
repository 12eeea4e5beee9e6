import { Button } from "react-aria-components";
import { Icon, type IconName } from "../icons";
import styles from "./list-table.module.css";

export interface RowActionProps {
  icon: IconName;
  /** What it does to which row, e.g. "Delete 1234ABC" (the button shows only the icon). */
  label: string;
  onPress: () => void;
  /** Red: it deletes. */
  danger?: boolean;
  size?: number;
  /** Shown but not pressable (e.g. an SMS just sent: locked for 10 s). */
  isDisabled?: boolean;
}

/** A row's icon button (edit, SMS, delete, add) in a table, card or group: a 44 px target. */
export function RowAction({
  icon,
  label,
  onPress,
  danger = false,
  size = 22,
  isDisabled = false,
}: RowActionProps) {
  return (
    <Button
      className={danger ? `${styles.iconButton} ${styles.danger}` : styles.iconButton}
      aria-label={label}
      onPress={onPress}
      isDisabled={isDisabled}
    >
      <Icon name={icon} size={size} />
    </Button>
  );
}
