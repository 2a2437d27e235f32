import { honeypotFieldName } from "@dropfair/core/feedback";
import classes from "./feedback.module.css";

/**
 * The field people never see (off-screen, out of the tab order, ignored by assistive technology and autofill):
 * only a bot that fills in every input gives it a value, and the server then keeps nothing.
 */
export function HoneypotField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className={classes.honeypot} aria-hidden="true">
      <label>
        Website
        <input
          type="text"
          name={honeypotFieldName}
          tabIndex={-1}
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      </label>
    </div>
  );
}
