import type { ForumactifSource } from "../../forumactif/source-settings.js";
import { findDuration } from "../../parsing/french-duration.js";
import type { ForumConfig } from "../../ports/forum-store.js";
import { sourceFormTexts as t } from "../../texts/desk-source.js";
import { formatDuration } from "../../texts/format.js";
import type { FieldErrors } from "./field-errors.js";

/** The source form's fields, named by the path of `source` they fill (errors come back by path). */
export const SOURCE_FIELDS = {
  baseUrl: "source.baseUrl",
  timeZone: "source.timeZone",
  pollEvery: "source.pollEvery",
  template: "source.template",
  username: "source.account.username",
  password: "source.account.password",
  diceName: "source.dice.name",
  diceFaces: "source.dice.faces",
  markupPost: "source.markup.post",
  markupAuthor: "source.markup.author",
  markupDate: "source.markup.date",
  markupMessage: "source.markup.message",
} as const;

/** The theme's selectors (`source.markup`), in the form's order. */
const MARKUP_FIELDS = [
  ["post", SOURCE_FIELDS.markupPost],
  ["author", SOURCE_FIELDS.markupAuthor],
  ["date", SOURCE_FIELDS.markupDate],
  ["message", SOURCE_FIELDS.markupMessage],
] as const;

const text = (form: Record<string, unknown>, name: string): string => {
  const value = form[name];
  return typeof value === "string" ? value.trim() : "";
};

/**
 * The board's address as typed: `poudlard.forumactif.com` is taken as `https://poudlard.forumactif.com`
 * (boards are read over https only), an address with its own scheme is left to the source's checks.
 */
export function boardAddress(typed: string): string {
  if (typed === "" || /^[a-z][a-z0-9+.-]*:\/\//i.test(typed)) return typed;
  return `https://${typed.replace(/^\/+/, "")}`;
}

/** `de-duel-4.png = 4`, `https://…/de-duel-4.png : 4` or `de-duel-4.png 4`: one face a line. */
const FACE_LINE = /^(.*?\S)\s*(?:=|:|\s)\s*(\d{1,3})$/;

/** The form's values for a source as stored (the password never). */
export function sourceFormValues(source: ForumactifSource | undefined): Record<string, string> {
  if (!source) return { [SOURCE_FIELDS.timeZone]: "Europe/Paris", [SOURCE_FIELDS.pollEvery]: "2 minutes" };
  return {
    [SOURCE_FIELDS.baseUrl]: source.baseUrl,
    [SOURCE_FIELDS.timeZone]: source.timeZone,
    [SOURCE_FIELDS.pollEvery]: formatDuration(source.pollEvery),
    [SOURCE_FIELDS.template]: source.template ?? "",
    [SOURCE_FIELDS.username]: source.account?.username ?? "",
    [SOURCE_FIELDS.diceName]: source.dice?.name ?? "",
    [SOURCE_FIELDS.diceFaces]: Object.entries(source.dice?.faces ?? {})
      .map(([face, value]) => `${face} = ${value}`)
      .join("\n"),
    ...Object.fromEntries(MARKUP_FIELDS.map(([key, field]) => [field, source.markup?.[key] ?? ""])),
  };
}

export type SourceFormResult =
  | { readonly ok: true; readonly source: Record<string, unknown> }
  | { readonly ok: false; readonly errors: FieldErrors };

/**
 * The `source` the form describes, as `PUT /forums/{forumId}` takes it (its own validation and
 * the board's probe follow in `saveForum`). What the form does not show (settings set through the
 * API) is kept; the password is kept when left empty for the same account.
 */
export function sourceFromForm(forum: ForumConfig | null, form: Record<string, unknown>): SourceFormResult {
  const stored = forum?.source;
  const errors: Record<string, string> = {};
  const source: Record<string, unknown> = {
    ...stored,
    type: "forumactif",
    baseUrl: boardAddress(text(form, SOURCE_FIELDS.baseUrl)),
    timeZone: text(form, SOURCE_FIELDS.timeZone) || "Europe/Paris",
  };
  const every = text(form, SOURCE_FIELDS.pollEvery);
  if (every === "") delete source.pollEvery;
  else {
    const found = findDuration(every);
    if (found === null || found.rest !== "") errors[SOURCE_FIELDS.pollEvery] = t.badDuration;
    else source.pollEvery = found.iso;
  }
  const template = text(form, SOURCE_FIELDS.template);
  if (template === "") delete source.template;
  else source.template = template;

  const username = text(form, SOURCE_FIELDS.username);
  const password =
    typeof form[SOURCE_FIELDS.password] === "string" ? String(form[SOURCE_FIELDS.password]) : "";
  if (username === "") delete source.account;
  else if (password !== "") source.account = { username, password };
  else if (stored?.account?.username === username) source.account = stored.account;
  else errors[SOURCE_FIELDS.password] = t.passwordNeeded;

  const name = text(form, SOURCE_FIELDS.diceName);
  const lines = text(form, SOURCE_FIELDS.diceFaces)
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
  const faces: Record<string, number> = {};
  lines.forEach((line, index) => {
    const m = FACE_LINE.exec(line);
    if (m?.[1] === undefined || m[2] === undefined)
      errors[SOURCE_FIELDS.diceFaces] ??= t.badFaceLine(index + 1);
    else faces[m[1]] = Number(m[2]);
  });
  if (name === "" && lines.length === 0) delete source.dice;
  else if (name === "") errors[SOURCE_FIELDS.diceName] = t.facesWithoutName;
  else source.dice = { name, faces };

  // The theme's selectors go together: all four, or none (the reader then finds the posts alone).
  const markup = Object.fromEntries(MARKUP_FIELDS.map(([key, field]) => [key, text(form, field)]));
  const given = MARKUP_FIELDS.filter(([key]) => markup[key] !== "");
  if (given.length === 0) delete source.markup;
  else if (given.length < MARKUP_FIELDS.length) {
    for (const [key, field] of MARKUP_FIELDS) if (markup[key] === "") errors[field] = t.markupAll;
  } else source.markup = markup;

  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, source };
}

/** The form field a refusal's `details` path names (`source.dice.faces.x.png` is the faces field). */
export function sourceFieldOf(path: string): string {
  const field = Object.values(SOURCE_FIELDS).find((f) => path === f || path.startsWith(`${f}.`));
  if (field !== undefined) return field;
  if (path.startsWith("source.account")) return SOURCE_FIELDS.username;
  if (path.startsWith("source.dice")) return SOURCE_FIELDS.diceFaces;
  return "form";
}
