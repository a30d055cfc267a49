import { formatDay } from "../../hiboux/format.js";
import { ui } from "./texts.js";

/** A span as "2 j 5 h 10 min": the referee wants an order of magnitude, not seconds. */
function span(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const u = ui.time.units;
  const parts = [days > 0 ? `${days} ${u.days}` : "", hours > 0 ? `${hours} ${u.hours}` : "", `${rest} ${u.minutes}`];
  return parts
    .filter((p) => p !== "")
    .slice(0, days > 0 ? 2 : 3)
    .join(" ");
}

/**
 * The time left before a deadline, read from the app's clock (so the manual clock of the local
 * stack and the tests moves it too), or how long ago it passed.
 */
export function timeLeft(nowIso: string, deadlineIso: string): string {
  const ms = Date.parse(deadlineIso) - Date.parse(nowIso);
  if (!Number.isFinite(ms)) return deadlineIso;
  return ms >= 0 ? ui.time.left(span(ms)) : ui.time.overdue(span(-ms));
}

/** A date in Paris time, as the hiboux show it. */
export function when(iso: string): string {
  return formatDay(iso);
}
