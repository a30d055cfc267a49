import type { DuelEvent, Violation } from "../../domain/events.js";
import { VIOLATION_RULES } from "../../domain/sanctions.js";
import type { Ruleset } from "../../rules/ruleset.js";
import { particularityName, spellName } from "../../rules/ruleset-names.js";
import { detailFields, faultKindLabels, missingLabel, valueLabels, withRule } from "../../texts/audit.js";
import { type CommandName, commandTexts, formTexts } from "../../texts/desk.js";
import { formatDay, formatDuration } from "../../texts/format.js";
import { violationLabel } from "../../texts/hiboux.js";
import { refusalShown } from "../../texts/refusals.js";

/** Fields holding a duelist id: the log shows the duelist's name instead. */
const PERSON_FIELDS = new Set([
  "duelistId",
  "attackerId",
  "defenderId",
  "casterId",
  "targetId",
  "firstDuelistId",
  "winnerId",
]);
const DATE_FIELDS = new Set(["until", "deadline"]);
const DURATION_FIELDS = new Set(["duration", "extension"]);

/** What the log needs to name things: the duel's duelists, and its ruleset's spells and particularities. */
export interface AuditContext {
  readonly nameOf: (id: string) => string;
  readonly ruleset: Ruleset;
  /** A fault's words by its event id (« Bob Martin : 1re faute d'action »): the id itself means nothing to people. */
  readonly faultOf?: (eventId: string) => string | undefined;
}

/** Fields holding a fault's event id. */
const FAULT_FIELDS = new Set(["eventId", "faultEventId"]);

export interface DetailPart {
  readonly label: string;
  readonly value: string;
}

function word(value: unknown): string {
  const text = String(value);
  return valueLabels[text] ?? text;
}

function isViolation(value: unknown): value is Violation {
  return typeof value === "string" && value in VIOLATION_RULES;
}

const MISSING = new Set(["words", "cible", "zone", "pari"]);
function isMissing(value: unknown): value is "words" | "cible" | "zone" | "pari" {
  return typeof value === "string" && MISSING.has(value);
}

/** Values whose words depend on their field: ids named from the duel, codes with a rule. */
function namedValue(key: string, value: string, ctx: AuditContext): string | null {
  const minWords = ctx.ruleset.minWords;
  if (PERSON_FIELDS.has(key)) return ctx.nameOf(value);
  if (FAULT_FIELDS.has(key)) return ctx.faultOf?.(value) ?? null;
  if (DATE_FIELDS.has(key)) return formatDay(value);
  if (DURATION_FIELDS.has(key)) return formatDuration(value);
  if (key === "spellId") return spellName(ctx.ruleset, value);
  if (key === "particularityId") return particularityName(ctx.ruleset, value);
  if (key === "kind" && (value === "action" || value === "absence")) return faultKindLabels[value];
  if (key === "missing" && isMissing(value)) return missingLabel(value, minWords);
  if (key === "violations" && isViolation(value))
    return withRule(violationLabel(value, minWords), VIOLATION_RULES[value]);
  if (key === "command" && value in commandTexts) return commandTexts[value as CommandName].title;
  return null;
}

function shownValue(key: string, value: unknown, ctx: AuditContext): string | null {
  if (value === undefined || value === "") return null;
  if (value === null) return key === "winnerId" ? formTexts.noWinner : null;
  if (typeof value === "string") return namedValue(key, value, ctx) ?? word(value);
  if (key === "by" && typeof value === "object" && "role" in value && "name" in value)
    return `${String(value.name)} (${word(value.role)})`; // who took a decision (CONTRACT.md 3.1)
  if (Array.isArray(value)) {
    // A list holds values of its field: `violations`, `missing`, each named as the field's own value.
    const shown = value.map((v) => (typeof v === "string" ? (namedValue(key, v, ctx) ?? word(v)) : word(v)));
    return shown.length === 0 ? null : shown.join(", ");
  }
  if (typeof value === "object") {
    // A referee's action or a correction's fields: one level of "label : value", same words as the top.
    const inner = Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => {
        const shown = shownValue(k, v, ctx);
        return shown === null ? null : `${detailFields[k] ?? k} : ${shown}`;
      })
      .filter((s): s is string => s !== null);
    return inner.length === 0 ? null : inner.join(" · ");
  }
  return word(value);
}

/**
 * What an event says, as label/value pairs in a stable order. Generic over the event's fields so a
 * new event type shows its data without a change here; only its label must be added (`shared/texts/audit.ts`).
 */
export function eventDetail(event: DuelEvent, ctx: AuditContext): DetailPart[] {
  const fields = event as unknown as Record<string, unknown>;
  const parts: DetailPart[] = [];
  // Who decided says more than the path it took: the desk and the API are one path (`via: api`).
  const decidedBy = typeof fields.by === "object" && fields.by !== null;
  for (const [key, label] of Object.entries(detailFields)) {
    if (key === "rules") continue; // shown as links in the rule column
    if (key === "via" && (decidedBy || fields.via === "api")) continue;
    // A refusal is stored as the decider wrote it (ISO dates and durations): shown in French.
    const raw =
      key === "message" && event.type === "referee.command-rejected"
        ? refusalShown(event.code, event.message)
        : fields[key];
    const value = shownValue(key, raw, ctx);
    if (value !== null) parts.push({ label, value });
  }
  return parts;
}

/** Every rule an event applied: its `rule`, plus each rule a faulty post broke (R-6.3a). */
export function rulesOf(event: DuelEvent): string[] {
  const extra = event.type === "fault.action" ? event.rules : [];
  return [...new Set([event.rule, ...extra].filter((r) => r.length > 0))];
}
