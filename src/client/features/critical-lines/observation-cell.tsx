import { useId } from "react";
import { OBSERVATIONS_CUT } from "../../../shared/contract/critical-lines";
import styles from "./critical-lines.module.css";

/** The observation cut at 20 characters plus an ellipsis (spec section 9). */
export function cutObservation(text: string): string {
  const chars = [...text];
  return chars.length > OBSERVATIONS_CUT ? `${chars.slice(0, OBSERVATIONS_CUT).join("")}…` : text;
}

/**
 * An observation as the list shows it: cut, with the whole text in a tooltip that opens on
 * hover and on keyboard focus (and is read as the cell's description). Short texts show whole.
 */
export function ObservationCell({
  text,
  interactive = true,
}: {
  text: string;
  interactive?: boolean;
}) {
  const id = useId();
  const cut = cutObservation(text);
  if (cut === text || !interactive) return <span>{cut}</span>;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: focus opens the full text (spec: hover and focus)
    <span className={styles.observation} tabIndex={0} aria-describedby={id} title={text}>
      {cut}
      <span role="tooltip" id={id} className={styles.tooltip}>
        {text}
      </span>
    </span>
  );
}
