import { refereeActionSchema } from "../domain/referee-actions.js";
import { refereeMessages as say } from "../texts/referee-commands.js";
import { isOpeningBlock } from "./duel-opening.js";
import { cleanValue, readKeyValue, splitPairs } from "./key-value.js";
import { toPlainText } from "./plain-text.js";
import { scanPost } from "./post-structure.js";
import { type ParsedCommand, parseCommandLine } from "./referee-command-line.js";
import type { PostFormat, ReadContext, RefereeLine } from "./types.js";

type FieldKey = "cible" | "zone" | "pari" | "text";
type RefereeKey = FieldKey | "reason";

const KEYS: ReadonlyMap<string, RefereeKey> = new Map<string, RefereeKey>([
  ...["cible", "target"].map((k) => [k, "cible"] as const),
  ...["zone", "area"].map((k) => [k, "zone"] as const),
  ...["pari", "pari de de", "bet"].map((k) => [k, "pari"] as const),
  ...["texte", "text", "mots", "words"].map((k) => [k, "text"] as const),
  ...["raison", "reason", "motif"].map((k) => [k, "reason"] as const),
]);
const keyOf = (key: string): RefereeKey | undefined => KEYS.get(key);
/** Free text runs to the end of the line, commas and all. */
const isFreeText = (key: RefereeKey): boolean => key === "text" || key === "reason";

/** A command being read, with the lines that belong to it. */
interface Entry {
  readonly lines: string[];
  readonly parsed: ParsedCommand;
  readonly fields: Partial<Record<FieldKey, string>>;
  reason?: string;
  /** A `cible :`… piece followed a command that is not a correction. */
  misplaced?: boolean;
}

/** What reading a block has gathered so far. */
interface BlockState {
  readonly entries: Entry[];
  readonly reasons: string[];
  /** The correction that field lines (`cible : …`) complete; also a failed one, to keep them with it. */
  correction: Entry | undefined;
  /** After `texte :`, lines that are nothing else continue the correction's text. */
  inText: boolean;
}

function applyPair(state: BlockState, entry: Entry | undefined, key: RefereeKey, raw: string): void {
  const value = key === "text" ? raw.trim() : cleanValue(raw);
  if (key === "reason") {
    if (value) {
      if (entry) entry.reason = value;
      else state.reasons.push(value);
    }
    return;
  }
  if (!entry) return;
  if (entry !== state.correction) {
    entry.misplaced = true;
    return;
  }
  if (value) entry.fields[key] = value;
  state.inText = key === "text";
}

function readLine(line: string, state: BlockState, duelists: ReadContext["duelists"]): void {
  const [head = "", ...more] = splitPairs(line, keyOf, isFreeText);
  const headPair = readKeyValue(head, keyOf);
  let entry: Entry | undefined;
  if (headPair?.key === "reason") {
    state.inText = false;
    applyPair(state, undefined, "reason", headPair.value);
    return;
  }
  if (headPair) {
    entry = state.correction;
    if (!entry) {
      state.entries.push({
        lines: [line],
        parsed: { ok: false, error: say.fieldWithoutCorrection(line) },
        fields: {},
      });
      return;
    }
    entry.lines.push(line);
    applyPair(state, entry, headPair.key, headPair.value);
  } else {
    const parsed = parseCommandLine(head, duelists);
    if (!parsed.ok && state.inText && state.correction) {
      // A line of the correction's text that does not look like anything else.
      state.correction.lines.push(line);
      state.correction.fields.text = `${state.correction.fields.text ?? ""}\n${line}`;
      return;
    }
    entry = { lines: [line], parsed, fields: {} };
    state.entries.push(entry);
    state.inText = false;
    const isCorrection = parsed.ok ? parsed.action.command === "correction" : /^correction\b/i.test(head);
    state.correction = isCorrection ? entry : undefined;
  }
  for (const piece of more) {
    const pair = readKeyValue(piece, keyOf);
    if (pair) applyPair(state, entry, pair.key, pair.value);
  }
}

/** The commands of one block, with the block's `raison :` applied where a line has none of its own. */
function readBlock(body: string, ctx: ReadContext): RefereeLine[] {
  const state: BlockState = { entries: [], reasons: [], correction: undefined, inText: false };
  for (const line of body.split("\n").map((l) => l.trim())) {
    if (line.length > 0) readLine(line, state, ctx.duelists);
    else if (state.inText && state.correction) {
      // Keep paragraph breaks inside a correction's text.
      state.correction.fields.text = `${state.correction.fields.text ?? ""}\n`;
    }
  }
  const blockReason = state.reasons.length > 0 ? state.reasons.join(" ") : undefined;
  return state.entries.map((entry) => finish(entry, blockReason));
}

function finish(entry: Entry, blockReason: string | undefined): RefereeLine {
  const text = entry.lines.join("\n");
  if (!entry.parsed.ok) return { ok: false, text, error: entry.parsed.error };
  if (entry.misplaced) return { ok: false, text, error: say.fieldWithoutCorrection(text) };
  let action = entry.parsed.action;
  if (action.command === "correction") {
    const fields = Object.fromEntries(
      Object.entries(entry.fields)
        .map(([k, v]) => [k, v?.trim()] as const)
        .filter(([, v]) => v !== undefined && v.length > 0),
    );
    if (Object.keys(fields).length === 0) return { ok: false, text, error: say.emptyCorrection };
    action = { ...action, fields };
  }
  // The same schema as the API's: a command read from a post is no less checked than one posted.
  const checked = refereeActionSchema.safeParse(action);
  if (!checked.success)
    return { ok: false, text, error: say.invalid(checked.error.issues[0]?.message ?? text) };
  const reason = entry.reason ?? blockReason;
  return reason === undefined
    ? { ok: true, action: checked.data, text }
    : { ok: true, action: checked.data, reason, text };
}

/**
 * The referee's commands in a post: every `[arbitre]…[/arbitre]` block outside quotes and code,
 * one command per line, blank lines ignored, keywords without case or accents.
 *
 * | command (French) | English | action |
 * |---|---|---|
 * | `top` · `top <duelliste>` | `top` | `{command:"top", firstDuelistId?}` |
 * | `correction <message>` then `cible : …`, `zone : …`, `pari : …`, `texte : …` lines (or `;` on the same line) | `correction`, `target`, `bet`, `text` | `{command:"correction", postId, fields}` |
 * | `dérogation <duelliste> <durée>` — `3 jours`, `48 heures`, `48h`, `2j`, `1 semaine`, `P3D`, `PT48H` | `extension`, `3 days` | `{command:"derogation", duelistId, duration}` (ISO) |
 * | `faute action <duelliste>` · `faute absence <duelliste>` | `fault action` | `{command:"fault", duelistId, kind}` |
 * | `annuler faute <événement>` | `cancel fault` | `{command:"cancel-fault", eventId}` |
 * | `disqualifier <duelliste>` · `disqualification <duelliste>` | `disqualify` | `{command:"disqualify", duelistId}` |
 * | `annuler disqualification <duelliste>` | `cancel disqualification` | `{command:"cancel-disqualification", duelistId}` (R-7.1) |
 * | `points <duelliste> -3` · `points <duelliste> +2` | `points` | `{command:"adjust-points", duelistId, delta}` |
 * | `fin <duelliste>` · `fin nul` · `fin sans vainqueur` | `end`, `end draw` | `{command:"end", winnerId}` (null: no winner) |
 * | `annuler fin` · `annuler la fin du duel` | `cancel end` | `{command:"cancel-end"}` (R-7.1) |
 * | `annonces : non` · `annonces : oui` | `announcements off`, `on` | `{command:"announce", enabled}` (the verdicts in the thread) |
 * | `enjeux honorés` · `enjeux non honorés` | `stakes honoured`, `not honoured` | `{command:"stakes", honoured}` (after the end, R-1.7) |
 * | `raison : …` (own line) · `… — raison : …` (end of a command) | `reason`, `motif` | the reason of every command of the block, or of that line |
 *
 * A duelist is named by id, full name or first name (unique in the duel); filler words are allowed
 * (`fin : victoire de Alice`, `dérogation de 3 jours pour Bob`). The text of a correction may run
 * over several lines. A block whose first line is `duel : …` opens the duel (duel-opening.ts) and
 * holds no command. A line that cannot be read is `{ok:false, text, error}` with a French message.
 */
export function readRefereeCommands(content: string, format: PostFormat, ctx: ReadContext): RefereeLine[] {
  const text = toPlainText(typeof content === "string" ? content : "", format);
  return (
    scanPost(text)
      // A block opening the duel (`duel : …`) was read when the duel was registered, not a command in it.
      .blocks.filter((b) => b.tag === "arbitre" && !isOpeningBlock(b.body))
      .flatMap((b) => readBlock(b.body, ctx))
  );
}
