import type { DuelEvent } from "../../domain/events.js";
import { detailFields, valueLabels } from "../../texts/audit.js";
import { type CommandName, commandTexts, formTexts } from "../../texts/desk.js";
import { formatDay, formatDuration } from "../../texts/format.js";

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

export interface DetailPart {
  readonly label: string;
  readonly value: string;
}

function word(value: unknown): string {
  const text = String(value);
  return valueLabels[text] ?? text;
}

function shownValue(key: string, value: unknown, nameOf: (id: string) => string): string | null {
  if (value === undefined || value === "") return null;
  if (value === null) return key === "winnerId" ? formTexts.noWinner : null;
  if (PERSON_FIELDS.has(key) && typeof value === "string") return nameOf(value);
  if (DATE_FIELDS.has(key) && typeof value === "string") return formatDay(value);
  if (DURATION_FIELDS.has(key) && typeof value === "string") return formatDuration(value);
  if (key === "command" && typeof value === "string" && value in commandTexts)
    return commandTexts[value as CommandName].title;
  if (key === "by" && typeof value === "object" && "role" in value && "name" in value)
    return `${String(value.name)} (${word(value.role)})`; // who took a decision (CONTRACT.md 3.1)
  if (Array.isArray(value)) return value.length === 0 ? null : value.map(word).join(", ");
  if (typeof value === "object") {
    // A referee's action or a correction's fields: one level of "label : value", same words as the top.
    const inner = Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => {
        const shown = shownValue(k, v, nameOf);
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
export function eventDetail(event: DuelEvent, nameOf: (id: string) => string): DetailPart[] {
  const fields = event as unknown as Record<string, unknown>;
  const parts: DetailPart[] = [];
  for (const [key, label] of Object.entries(detailFields)) {
    if (key === "rules") continue; // shown as links in the rule column
    const value = shownValue(key, fields[key], nameOf);
    if (value !== null) parts.push({ label, value });
  }
  return parts;
}

/** Every rule an event applied: its `rule`, plus each rule a faulty post broke (R-6.3a). */
export function rulesOf(event: DuelEvent): string[] {
  const extra = event.type === "fault.action" ? event.rules : [];
  return [...new Set([event.rule, ...extra].filter((r) => r.length > 0))];
}
