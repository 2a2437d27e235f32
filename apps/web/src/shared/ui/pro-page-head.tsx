import type { ReactNode } from "react";
import classes from "./pro-page-head.module.css";

/** The dark, full-bleed head a pro-layout page opens with (see ProLayout). */
export function ProPageHead({ children, compact }: { children: ReactNode; compact?: boolean }) {
  return <div className={compact ? `${classes.head} ${classes.compact}` : classes.head}>{children}</div>;
}

/** The page content after a ProPageHead: its first card overlaps the head's lower edge. */
export function ProPageBody({ children }: { children: ReactNode }) {
  return <div className={classes.body}>{children}</div>;
}
