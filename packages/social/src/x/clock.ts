// The clock is shared by every client of this package.
export { type Clock, systemClock } from "../shared/clock.ts";
