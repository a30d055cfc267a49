import "../../validation/french-messages.js";
import type { DuelRegistration } from "../../app/register-duel.js";
import { isThreadAddress, threadIdFromAddress } from "../../app/thread-url.js";
import type { DomainError } from "../../errors.js";
import { particularityOf } from "../../parsing/duel-opening.js";
import type { ForumConfig } from "../../ports/forum-store.js";
import { registerTexts as t } from "../../texts/desk-register.js";
import { registerBodySchema } from "../schemas.js";
import { deskDuration } from "./durations.js";
import type { FieldErrors } from "./field-errors.js";

/** Rows of duelists the form offers; empty rows are left out. */
export const DUELIST_ROWS = 4;

/** What the referee typed, kept to show the form again with its errors. */
export type RegisterFormValues = Readonly<Record<string, string>>;
/** Errors by form field (`threadId`, `duelists.1.year` …); `form` is for the whole form. */

export type ParsedRegisterForm =
  | { readonly ok: true; readonly body: DuelRegistration }
  | { readonly ok: false; readonly errors: FieldErrors };

const field = (form: Record<string, unknown>, name: string): string => {
  const value = form[name];
  return typeof value === "string" ? value.trim() : "";
};

/** The submitted fields as text, to fill the form again. */
export function formValues(form: Record<string, unknown>): RegisterFormValues {
  return Object.fromEntries(
    Object.entries(form).flatMap(([k, v]) => (typeof v === "string" && k !== "_csrf" ? [[k, v]] : [])),
  );
}

const rowFilled = (form: Record<string, unknown>, row: number) =>
  ["id", "name", "year", "particularities"].some((f) => field(form, `duelists.${row}.${f}`) !== "");

/**
 * The form as `POST /duels` takes it, then the API's own schema (`registerBodySchema`) with its
 * French messages. Only shapes change here: `3 jours` to `P3D`, `Legilimens 2` to a particularity
 * with its rank, the year to a number, a forum referee's name from the forum when left empty;
 * an empty field is left out so the schema says whether it is required.
 */
export function parseRegisterForm(
  form: Record<string, unknown>,
  forum: ForumConfig | null,
): ParsedRegisterForm {
  const errors: Record<string, string> = {};
  const rows = filledRows(form);
  const duelists = rows.map((row) => {
    const at = (f: string) => field(form, `duelists.${row}.${f}`);
    const year = at("year");
    const particularities = at("particularities")
      .split(/[,;/+]/)
      .filter((p) => /[\p{L}\p{N}]/u.test(p))
      .map(particularityOf);
    return {
      ...(at("id") ? { id: at("id") } : {}),
      ...(at("name") ? { name: at("name") } : {}),
      ...(year ? { year: /^\d$/.test(year) ? Number(year) : year } : {}),
      ...(particularities.length > 0 ? { particularities } : {}),
    };
  });
  // Left empty, the referee is the forum's: the one named by the id, or its only declared referee.
  const only = forum?.referees.length === 1 ? forum.referees[0] : undefined;
  const refereeId = field(form, "refereeId") || only?.id || "";
  const declared = forum?.referees.find((r) => r.id === refereeId);
  const refereeName = field(form, "refereeName") || declared?.name || "";
  if (refereeId !== "" && refereeName === "")
    errors.refereeName = forum?.referees.length ? t.errors.refereeNotDeclared : t.errors.refereeNameNeeded;
  // The thread by its id, or by its address as the forum shows it (the source preview's reading).
  const typedThread = field(form, "threadId");
  const threadId = isThreadAddress(typedThread) ? threadIdFromAddress(forum, typedThread) : typedThread;
  if (threadId === null) errors.threadId = t.errors.threadAddress;
  const body: Record<string, unknown> = {
    forumId: field(form, "forumId"),
    threadId: threadId ?? typedThread,
    referee: { id: refereeId, name: refereeName },
    duelists,
    dice: field(form, "dice") || "server",
  };
  const window = field(form, "replyWindow");
  if (window) {
    const iso = deskDuration(window);
    if (iso) body.replyWindow = iso;
    else errors.replyWindow = t.errors.replyWindow;
  }
  const first = field(form, "firstDuelist");
  if (first) {
    const row = Number(first);
    const id = field(form, `duelists.${row}.id`);
    if (id) body.firstDuelistId = id;
    else errors.firstDuelist = t.errors.firstDuelist;
  }
  const stakes = field(form, "stakes");
  if (stakes) body.stakes = stakes;
  const title = field(form, "threadTitle");
  if (title) body.threadTitle = title;

  const parsed = registerBodySchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = formField(issue.path.map(String).join("."), rows);
      errors[name] ??= peopleMessage(name, issue);
    }
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: parsed.data };
}

/**
 * An issue in the words of the person filling the form: a field left empty is « à remplir », too
 * few duelists is the decider's rule, rather than the schema's words about types and arrays.
 */
function peopleMessage(name: string, issue: { code: string; message: string }): string {
  if (name === "duelists" && issue.code === "too_small") return t.errors.twoDuelists;
  if (issue.code === "invalid_type" || issue.code === "too_small") return t.errors.required;
  return issue.message;
}

/** The form field an API path names: `referee.id` is `refereeId`, a duelist's index its row's. */
function formField(path: string, rows: readonly number[]): string {
  if (path === "referee.id") return "refereeId";
  if (path === "referee.name") return "refereeName";
  if (path === "firstDuelistId") return "firstDuelist";
  const duelist = /^duelists\.(\d+)(?:\.(\w+))?/.exec(path);
  if (duelist) {
    const row = rows[Number(duelist[1])] ?? Number(duelist[1]);
    return duelist[2] ? `duelists.${row}.${duelist[2]}` : "duelists";
  }
  return path || "form";
}

/** Which field a registration's refusal is about, so the page shows it there. */
export function fieldOfRefusal(error: DomainError, body: DuelRegistration, rows: readonly number[]): string {
  const details = error.details;
  const path =
    Array.isArray(details) && typeof details[0]?.path === "string" ? (details[0].path as string) : "";
  if (path) return formField(path, rows);
  const byCode: Record<string, string> = {
    forum_not_found: "forumId",
    unknown_referee: "refereeId",
    referee_is_duelist: "refereeId",
    duel_already_exists: "threadId",
  };
  if (error.code === "duelist_banned" && typeof details === "object" && details !== null) {
    const id = (details as { duelistId?: unknown }).duelistId;
    const row = rows[body.duelists.findIndex((d) => d.id === id)];
    if (row !== undefined) return `duelists.${row}.id`;
  }
  return byCode[error.code] ?? (error.code === "invalid_duel" ? "duelists" : "form");
}

/** The rows the form filled, in order: a body index is a row of the form. */
export function filledRows(form: Record<string, unknown>): number[] {
  return Array.from({ length: DUELIST_ROWS }, (_, i) => i).filter((row) => rowFilled(form, row));
}
