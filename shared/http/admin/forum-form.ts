import { randomBytes } from "node:crypto";
import "../../validation/french-messages.js";
import type { ForumBody } from "../../app/forum-save.js";
import { InvalidRulesetError } from "../../errors.js";
import type { ChannelConfig } from "../../ports/channels.js";
import type { ForumConfig } from "../../ports/forum-store.js";
import { defaultRuleset } from "../../rules/default-ruleset.js";
import { loadRuleset, type Ruleset } from "../../rules/ruleset.js";
import { forumTexts as t } from "../../texts/desk-forums.js";
import { errorTexts } from "../../texts/errors.js";
import { validationTexts } from "../../texts/validation.js";
import { forumBodySchema } from "../schemas.js";
import { deskDuration } from "./durations.js";
import type { FieldErrors } from "./field-errors.js";

/** Errors by form field; `form` is for the whole form. */
export type SectionResult =
  | { readonly ok: true; readonly body: ForumBody }
  | { readonly ok: false; readonly errors: FieldErrors };

/** The years of the per-year tables, in the order the page shows them. */
export const YEAR_KEYS = ["1", "2", "3", "4", "5", "6", "7", "adulte"] as const;
export const DELAY_KEYS = ["reply", "correction", "maxDerogation", "ban", "reminderBefore"] as const;
export const CHANNEL_FIELDS = [
  "url",
  "secret",
  "baseUrl",
  "apiKey",
  "apiUsername",
  "username",
  "password",
] as const;
/** The channel types the desk adds, each with the only fields it takes. */
export const CHANNEL_TYPE_FIELDS = {
  log: [],
  webhook: ["url", "secret"],
  discord: ["url"],
  discourse: ["baseUrl", "apiKey", "apiUsername"],
  forumactif: ["baseUrl", "username", "password"],
} as const satisfies Record<string, readonly (typeof CHANNEL_FIELDS)[number][]>;
export type ChannelType = keyof typeof CHANNEL_TYPE_FIELDS;
export const CHANNEL_TYPES = Object.keys(CHANNEL_TYPE_FIELDS) as ChannelType[];

/** The choices of whom a channel serves, as the form offers them (empty: the type's default). */
export const SERVES_CHOICES = ["", "referees", "referees,public", "public", "referees,duelists"] as const;

/** Channel fields never shown back in the form. */
export const SECRET_FIELDS: ReadonlySet<string> = new Set(["secret", "apiKey", "password"]);

const text = (form: Record<string, unknown>, name: string): string => {
  const value = form[name];
  return typeof value === "string" ? value.trim() : "";
};

/** The forum's settings as `PUT /forums/{id}` would take them back unchanged. */
export function currentBody(forum: ForumConfig | null, forumId: string): Record<string, unknown> {
  return {
    name: forum?.name ?? forumId,
    webhookSecrets: { ...forum?.webhookSecrets },
    referees: [...(forum?.referees ?? [])],
    notify: [...(forum?.notify ?? [])],
    ...(forum?.ruleset ? { ruleset: forum.ruleset } : {}),
    ...(forum?.source ? { source: forum.source } : {}),
    ...(forum?.announce ? { announce: forum.announce } : {}),
    ...(forum?.announceRules ? { announceRules: true } : {}),
    ...(forum?.bot ? { bot: forum.bot } : {}),
    ...(forum?.seasons ? { seasons: forum.seasons } : {}),
    ...(forum?.club ? { club: forum.club } : {}),
  };
}

/** The API's channel refusals whose words name fields by their JSON path, and the desk's words. */
const DESK_REFUSALS: ReadonlyMap<string, string> = new Map([
  [validationTexts.channel.account, t.channels.refusals.account],
  [validationTexts.channel.refereeWithoutReferees, t.channels.refusals.refereeWithoutReferees],
  [errorTexts.invalid_body.forumactifChannelWithoutAccountDetail, t.channels.refusals.noAccount],
  [errorTexts.invalid_body.webhookChannelWithoutSecretDetail, t.channels.refusals.noSecret],
]);

/** A field's path or JSON name inside a refusal: `(notify.1.username)`, `source.account`, `baseUrl`. */
const FIELD_WORDS = new RegExp(
  `\\s*\\((?:notify|bot|referees)\\.[^)]*\\)|\\b(?:notify\\.\\d+\\.)?(${Object.keys(t.channels.fieldWords)
    .map((w) => w.replace(".", "\\."))
    .join("|")})\\b`,
  "g",
);

/**
 * A refusal as the desk shows it beside its field: the API's message, but with the form's words
 * where it names fields by their JSON path (the API's own answer keeps the paths, for scripts).
 */
export function deskMessage(message: string): string {
  const known = DESK_REFUSALS.get(message);
  if (known !== undefined) return known;
  const words: Readonly<Record<string, string>> = t.channels.fieldWords;
  return message.replace(FIELD_WORDS, (_, name: string | undefined) =>
    name === undefined ? "" : (words[name] ?? name),
  );
}

/**
 * A changed body checked by the API's own schema (`forumBodySchema`, with its French messages),
 * so that what `PUT /forums` refuses the desk refuses too; `fieldOf` names the form field an
 * issue's path is about.
 */
function checked(body: Record<string, unknown>, fieldOf: (path: string) => string): SectionResult {
  const parsed = forumBodySchema.safeParse(body);
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues)
    errors[fieldOf(issue.path.map(String).join("."))] ??= deskMessage(issue.message);
  return { ok: false, errors };
}

/**
 * The board addresses that may frame the club's embed (CONTRACT.md 8), one per line (or separated
 * by spaces or commas); an address without `https://` is taken as one.
 */
export function clubSection(forum: ForumConfig | null, forumId: string, form: Record<string, unknown>) {
  const origins = text(form, "boardOrigins")
    .split(/[\s,;]+/)
    .filter((o) => o.length > 0);
  const club = { ...(forum?.club?.public === false ? { public: false } : {}), boardOrigins: origins };
  return checked({ ...currentBody(forum, forumId), club }, () => "boardOrigins");
}

export function nameSection(forum: ForumConfig | null, forumId: string, form: Record<string, unknown>) {
  return checked({ ...currentBody(forum, forumId), name: text(form, "name") }, () => "name");
}

/** Empty referee rows the settings page offers below the declared ones, to add referees. */
export const NEW_REFEREE_ROWS = 2;

/** The referee rows of the form (`referees.0.id`, `referees.0.name`, `referees.0.username`), in order. */
function refereeRows(form: Record<string, unknown>): number[] {
  const rows = new Set<number>();
  for (const key of Object.keys(form)) {
    const m = /^referees\.(\d{1,3})\.(?:id|name|username)$/.exec(key);
    if (m) rows.add(Number(m[1]));
  }
  return [...rows].sort((a, b) => a - b);
}

/**
 * The referees, one row each (number, name, login); an empty row is left out, so clearing a
 * row removes that referee. A script may still send `7 ; Minerva McGonagall ; minerva` lines.
 */
export function refereesSection(
  forum: ForumConfig | null,
  forumId: string,
  form: Record<string, unknown>,
): SectionResult {
  const rows = refereeRows(form);
  if (rows.length > 0) return refereeRowsSection(forum, forumId, form, rows);
  const lines = text(form, "referees")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
  const referees = lines.map((line) => {
    const [id = "", name = "", username = ""] = line.split(/\s*[;|]\s*/);
    return { id: id.trim(), name: name.trim(), ...(username.trim() ? { username: username.trim() } : {}) };
  });
  const missing = referees.findIndex((r) => !r.id || !r.name);
  if (missing >= 0)
    return { ok: false, errors: { referees: t.referees.line(missing + 1, t.referees.missingName) } };
  const parsed = forumBodySchema.safeParse({ ...currentBody(forum, forumId), referees });
  if (parsed.success) return { ok: true, body: parsed.data };
  // The schema's path names the referee's index: the message names the line.
  const issue = parsed.error.issues[0];
  const line = typeof issue?.path[1] === "number" ? issue.path[1] + 1 : 1;
  return { ok: false, errors: { referees: t.referees.line(line, issue?.message ?? "") } };
}

function refereeRowsSection(
  forum: ForumConfig | null,
  forumId: string,
  form: Record<string, unknown>,
  rows: readonly number[],
): SectionResult {
  const at = (row: number, f: string) => text(form, `referees.${row}.${f}`);
  const filled = rows.filter((row) => at(row, "id") || at(row, "name") || at(row, "username"));
  const errors: Record<string, string> = {};
  for (const row of filled) {
    if (!at(row, "id")) errors[`referees.${row}.id`] = t.referees.required;
    if (!at(row, "name")) errors[`referees.${row}.name`] = t.referees.required;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const referees = filled.map((row) => ({
    id: at(row, "id"),
    name: at(row, "name"),
    ...(at(row, "username") ? { username: at(row, "username") } : {}),
  }));
  return checked({ ...currentBody(forum, forumId), referees }, (path) => {
    const m = /^referees\.(\d+)(?:\.(\w+))?/.exec(path);
    const row = m ? filled[Number(m[1])] : undefined;
    return row === undefined ? "form" : `referees.${row}.${m?.[2] ?? "id"}`;
  });
}

/** The webhook secrets the desk generates, each on its own (the others are kept). */
export const SECRET_KINDS = ["generic", "discourse", "xenforo"] as const;
export type SecretKind = (typeof SECRET_KINDS)[number];

export function isSecretKind(kind: string): kind is SecretKind {
  return (SECRET_KINDS as readonly string[]).includes(kind);
}

/**
 * A new secret of the kind each sender takes: Standard Webhooks' `whsec_` + base64, Discourse's
 * text, XenForo's (48 hexadecimal characters: XenForo's field takes any text of 16 or more).
 */
export function newSecret(kind: SecretKind): string {
  if (kind === "generic") return `whsec_${randomBytes(32).toString("base64")}`;
  return kind === "xenforo" ? randomBytes(24).toString("hex") : randomBytes(24).toString("base64url");
}

export function secretSection(
  forum: ForumConfig | null,
  forumId: string,
  kind: SecretKind,
  secret: string,
): SectionResult {
  const body = currentBody(forum, forumId);
  return checked(
    { ...body, webhookSecrets: { ...(body.webhookSecrets as object), [kind]: secret } },
    () => "form",
  );
}

/** A channel from the "add" form: only the fields its type takes. */
export function addChannelSection(
  forum: ForumConfig | null,
  forumId: string,
  form: Record<string, unknown>,
): SectionResult {
  const type = text(form, "channel.type");
  const channel: Record<string, unknown> = { type };
  for (const f of CHANNEL_TYPE_FIELDS[type as ChannelType] ?? []) {
    const value = text(form, `channel.${f}`);
    if (value) channel[f] = value;
  }
  // Whom the channel serves (CONTRACT.md 3): left empty, the type's safe default.
  const serves = text(form, "channel.serves");
  if (serves) channel.serves = serves.split(",");
  const notify = [...(forum?.notify ?? [])];
  return checked({ ...currentBody(forum, forumId), notify: [...notify, channel] }, addedChannelField(forum));
}

/** The add-channel form's field an issue's path names (`notify.3.url` is `channel.url`). */
export function addedChannelField(forum: ForumConfig | null): (path: string) => string {
  const index = forum?.notify.length ?? 0;
  return (path) => {
    const m = new RegExp(`^notify\\.${index}\\.?(\\w*)`).exec(path);
    return m ? `channel.${m[1] || "type"}` : "channel.type";
  };
}

export function removeChannelSection(
  forum: ForumConfig | null,
  forumId: string,
  index: number,
): SectionResult {
  const notify = (forum?.notify ?? []).filter((_, i) => i !== index);
  return checked({ ...currentBody(forum, forumId), notify }, () => "form");
}

/** A channel as the page may show it: its type and where it goes, never a key or a URL's token. */
export function channelSummary(channel: ChannelConfig): string {
  const host = (url: string) => {
    try {
      return new URL(url).host;
    } catch {
      return "?";
    }
  };
  if (channel.type === "log") return "—";
  if (channel.type === "discourse") return `${host(channel.baseUrl)} (${channel.apiUsername})`;
  if (channel.type === "forumactif")
    return channel.baseUrl === undefined
      ? t.channels.sourceAccount
      : `${host(channel.baseUrl)} (${channel.username ?? "?"})`;
  return host(channel.url);
}

/** The ruleset the forum plays by. */
export function rulesetOf(forum: ForumConfig | null): Ruleset {
  return forum?.ruleset ?? defaultRuleset;
}

const INTEGER = /^-?\d{1,6}$/;
/** The ruleset's fields this form edits, as issue paths name them. */
const FORM_FIELD =
  /^(?:startingPoints\.|actionFaultSanction\.|delays\.|actionFaultsBeforeSanction$|absenceSanctions$)/;

/**
 * The PD table, the sanctions and the delays from the form, on top of the forum's ruleset, then
 * the ruleset's own validation (`loadRuleset`, as `PUT /forums` applies it). Delays are written as
 * the page shows them (`3 jours`, `6 mois`); ISO (`P3D`) is still read.
 */
export function rulesetSection(
  forum: ForumConfig | null,
  forumId: string,
  form: Record<string, unknown>,
): SectionResult {
  const errors: Record<string, string> = {};
  const base = rulesetOf(forum);
  const integer = (name: string): number | undefined => {
    const value = text(form, name);
    if (INTEGER.test(value)) return Number(value);
    errors[name] = t.ruleset.badNumber;
    return undefined;
  };
  const perYear = (table: "startingPoints" | "actionFaultSanction") =>
    Object.fromEntries(YEAR_KEYS.map((y) => [y, integer(`${table}.${y}`) ?? base[table][y]]));
  const delays = Object.fromEntries(
    DELAY_KEYS.map((k) => {
      const iso = deskDuration(text(form, `delays.${k}`));
      if (iso === null) errors[`delays.${k}`] = t.ruleset.badDelay;
      return [k, iso ?? base.delays[k]];
    }),
  );
  const absenceSanctions = text(form, "absenceSanctions")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l.length > 0)
    .map((line, i) => {
      const m =
        /^(?:(\d{1,4})\s*(?:pd|points?)?)?\s*(?:\+|et|,)?\s*(disqualification|disqualifie|dq)?$/i.exec(line);
      if (!m || (m[1] === undefined && m[2] === undefined)) {
        errors.absenceSanctions ??= t.ruleset.badSanction(i + 1);
        return { points: 0, disqualify: false };
      }
      return { points: Number(m[1] ?? 0), disqualify: m[2] !== undefined };
    });
  const candidate = {
    ...base,
    startingPoints: perYear("startingPoints"),
    actionFaultSanction: perYear("actionFaultSanction"),
    actionFaultsBeforeSanction: integer("actionFaultsBeforeSanction") ?? base.actionFaultsBeforeSanction,
    absenceSanctions,
    delays,
  };
  let ruleset: Ruleset;
  try {
    ruleset = loadRuleset(candidate);
  } catch (error) {
    if (!(error instanceof InvalidRulesetError)) throw error;
    for (const issue of error.issues) {
      const field = issue.path.startsWith("absenceSanctions") ? "absenceSanctions" : issue.path;
      // Spells, particularities and wand names are not on this form (only `PUT /forums` sets them):
      // their refusal is shown above the page, naming the field, rather than next to no field.
      if (FORM_FIELD.test(field)) errors[field] ??= issue.message;
      else errors.form ??= errorTexts.invalid_ruleset([issue]);
    }
    return { ok: false, errors };
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return checked({ ...currentBody(forum, forumId), ruleset }, () => "form");
}
