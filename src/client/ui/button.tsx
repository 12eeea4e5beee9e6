import { Button as AriaButton, type ButtonProps as AriaButtonProps } from "react-aria-components";
import styles from "./button.module.css";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";

export interface ButtonProps extends Omit<AriaButtonProps, "className"> {
  variant?: ButtonVariant;
  className?: string;
}

/** react-aria button with the app's look; at least 44 px high and wide. */
export function Button({ variant = "primary", className, ...props }: ButtonProps) {
  return (
    <AriaButton
      {...props}
      className={[styles.button, styles[variant], className].filter(Boolean).join(" ")}
    />
  );
}

export const buttonClass = (variant: ButtonVariant = "primary") =>
  `${styles.button} ${styles[variant]}`;
