import "../../validation/french-messages.js";
import { type RefereeCommandBody, refereeCommandBodySchema } from "../../domain/referee-actions.js";
import { fieldLabels, ui } from "../../texts/desk.js";
import { deskDuration } from "./durations.js";

/** The form's value for a draw, turned into the API's `winnerId: null`. */
export const NO_WINNER = "none";
const CORRECTION_FIELDS = ["cible", "zone", "pari", "text"] as const;
const SCALAR_FIELDS = ["firstDuelistId", "postId", "duelistId", "duration", "kind", "eventId"] as const;

export type FormCommand = { ok: true; body: RefereeCommandBody } | { ok: false; message: string };

function text(form: Record<string, unknown>, name: string): string {
  const value = form[name];
  return typeof value === "string" ? value.trim() : "";
}

/**
 * A form's fields as the JSON body `POST /duels/{id}/commands` takes. Only shapes change here
 * (text to integer, the draw's option to null, `fields.cible` into `fields`); an empty field is
 * left out so the schema, not this function, says it is required.
 */
function toBody(form: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = { command: text(form, "command") };
  for (const name of SCALAR_FIELDS) {
    const value = text(form, name);
    if (value !== "") body[name] = value;
  }
  const delta = text(form, "delta").replace("−", "-");
  if (delta !== "") body.delta = /^[+-]?\d+$/.test(delta) ? Number(delta) : delta;
  const honoured = text(form, "honoured");
  if (honoured !== "") body.honoured = honoured === "true" ? true : honoured === "false" ? false : honoured;
  const enabled = text(form, "enabled");
  if (enabled !== "") body.enabled = enabled === "true" ? true : enabled === "false" ? false : enabled;
  const winner = text(form, "winnerId");
  if (winner !== "") body.winnerId = winner === NO_WINNER ? null : winner;
  const fields = Object.fromEntries(
    CORRECTION_FIELDS.map((f) => [f, text(form, `fields.${f}`)]).filter(([, v]) => v !== ""),
  );
  if (body.command === "correction") body.fields = fields;
  const reason = text(form, "reason");
  if (reason !== "") body.reason = reason;
  return body;
}

/**
 * Validates a submitted form with the API's own schema (`refereeCommandBodySchema`), in French:
 * its French messages, prefixed with the form's label of the field at fault. The form asks for
 * a reason for every decision (R-7.1: "with a reason that is recorded"), even where the API makes it
 * optional; the top, which decides nothing, goes without.
 */
export function parseCommandForm(form: Record<string, unknown>): FormCommand {
  const body = toBody(form);
  // A duration is typed as on the registration form and in the thread: « 3 jours », « 48 h », P3D.
  const duration = text(form, "duration");
  if (duration !== "") {
    const iso = deskDuration(duration);
    if (iso === null) return { ok: false, message: `${fieldLabels.duration} : ${ui.errors.badDuration}` };
    body.duration = iso;
  }
  const parsed = refereeCommandBodySchema.safeParse(body);
  if (!parsed.success) {
    const message = parsed.error.issues
      .map((issue) => {
        const path = issue.path.map(String).join(".");
        return `${fieldLabels[path] ?? (path || fieldLabels.command)} : ${issue.message}`;
      })
      .join(" ; ");
    return { ok: false, message };
  }
  // The top only starts the duel the referee registered: a reason is welcome, not required.
  if (!parsed.data.reason && parsed.data.command !== "top")
    return { ok: false, message: `${fieldLabels.reason} : ${ui.errors.reasonRequired}` };
  return { ok: true, body: parsed.data };
}
