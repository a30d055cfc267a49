import { ui } from "../../texts/desk.js";
import { formatDay } from "../../texts/format.js";

/** A span as "2 j 5 h", "5 h 10 min" or "10 min": the referee wants an order of magnitude. */
function span(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const u = ui.time.units;
  if (days > 0) return `${days} ${u.days} ${hours} ${u.hours}`;
  if (hours > 0) return `${hours} ${u.hours} ${minutes % 60} ${u.minutes}`;
  return `${minutes} ${u.minutes}`;
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
