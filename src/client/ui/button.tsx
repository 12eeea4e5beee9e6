import type { ReactNode } from "react";
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from "react-aria-components";
import styles from "./button.module.css";
import { Spinner } from "./spinner";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";

export interface ButtonProps extends Omit<AriaButtonProps, "className" | "isPending" | "children"> {
  variant?: ButtonVariant;
  className?: string;
  children?: ReactNode;
  /**
   * Shows a spinner and ignores presses while an action runs. (react-aria's own isPending
   * announces through a live region that outlives the button when the page changes, which axe
   * reports as an unlabelled image.)
   */
  pending?: boolean;
  /** Same as `pending` (react-aria's name for it). */
  isPending?: boolean;
}

/** react-aria button with the app's look; at least 44 px high and wide. */
export function Button({
  variant = "primary",
  className,
  pending: pendingProp,
  isPending,
  children,
  ...props
}: ButtonProps) {
  const pending = pendingProp ?? isPending ?? false;
  return (
    <AriaButton
      {...props}
      onPress={pending ? undefined : props.onPress}
      data-pending={pending || undefined}
      className={[styles.button, styles[variant], className].filter(Boolean).join(" ")}
    >
      {pending ? <Spinner /> : null}
      {children}
    </AriaButton>
  );
}

export const buttonClass = (variant: ButtonVariant = "primary") =>
  `${styles.button} ${styles[variant]}`;
