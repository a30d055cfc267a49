import type { RefereeAction } from "../domain/referee-actions.js";
import { refereeMessages as say } from "../texts/referee-commands.js";
import { findDuelist } from "./duelist-lookup.js";
import { findDuration } from "./french-duration.js";
import { foldSameLength, normalizeKey, toNfc } from "./normalize.js";
import type { DuelistRef } from "./types.js";

/** One command line read: the decision, or what is wrong with it (in French). */
export type ParsedCommand =
  | { readonly ok: true; readonly action: RefereeAction }
  | { readonly ok: false; readonly error: string };

type Duelists = readonly DuelistRef[];
type Resolved = { readonly ok: true; readonly id: string } | { readonly ok: false; readonly error: string };

/** Words around a name that say nothing about who: `victoire de Alice`, `pour Bob`, `Alice commence`. */
const LEADING_FILLER =
  /^(?:[:=,-]|a|au|a la|de|du|d'|pour|contre|le|la|l'|duelliste|victoire|vainqueur|gagnant|gagnante|winner|for|to|of)(?: |(?<=')|$)/;
const TRAILING_FILLER =
  / (?:commence|commence en premier|en premier|ouvre|ouvre le duel|gagne|l'emporte|est vainqueur|vainqueur|first|starts|wins)$/;

/** The phrase as written, then with fillers removed one at a time: names like `Le Goff` still match. */
function candidates(phrase: string): string[] {
  const out = [phrase.trim()];
  let key = normalizeKey(phrase);
  for (let i = 0; i < 8 && key.length > 0; i++) {
    out.push(key);
    const next = key.replace(LEADING_FILLER, "").replace(TRAILING_FILLER, "").trim();
    if (next === key) break;
    key = next;
  }
  return out.filter((c) => c.length > 0);
}

function resolveDuelist(phrase: string, duelists: Duelists, command: string): Resolved {
  const tried = candidates(phrase);
  if (tried.length === 0) return { ok: false, error: say.missingDuelist(command) };
  let ambiguous = false;
  for (const candidate of tried) {
    const found = findDuelist(candidate, duelists, { byId: true });
    if (found.kind === "found") return { ok: true, id: found.duelistId };
    if (found.kind === "ambiguous") ambiguous = true;
  }
  const shown = phrase.trim();
  return { ok: false, error: ambiguous ? say.ambiguousDuelist(shown) : say.unknownDuelist(shown) };
}

const withDuelist = (
  phrase: string,
  duelists: Duelists,
  command: string,
  build: (id: string) => RefereeAction,
): ParsedCommand => {
  const who = resolveDuelist(phrase, duelists, command);
  return who.ok ? { ok: true, action: build(who.id) } : who;
};

const DRAW =
  /^(?:(?:match )?nul(?:le)?|egalite|sans (?:vainqueur|gagnant)|aucun vainqueur|pas de vainqueur|draw|no winner|none)$/;
const TOP_NOISE = /^(?:depart|go|c'est parti|donne|le duel commence)?$/;
const SIGNED = /(?<![\p{L}\p{N}])([+\-−–])\s*(\d{1,4})(?!\p{N})/u;
const POINT_UNITS = /(?<![\p{L}\p{N}])(?:points?|pts?|pf|pd)(?![\p{L}\p{N}])/giu;
const POST_ID = /^(?:(?:du |le )?(?:post|message|msg) ?)?(?:n°|no|numero|#)? ?([\w:.-]+)[\s:;,.]*$/i;
const EVENT_ID = /^(?:(?:n°|no|numero|id|#) ?)?:? ?([\w:.#-]+)[\s;,.]*$/i;

type Handler = (rest: string, duelists: Duelists) => ParsedCommand;

/** Command keywords (after folding case and accents) and how the rest of the line is read. */
const COMMANDS: readonly (readonly [RegExp, Handler])[] = [
  [
    /^top\b(.*)$/ds,
    (rest, duelists) =>
      TOP_NOISE.test(normalizeKey(rest))
        ? { ok: true, action: { command: "top" } }
        : withDuelist(rest.replace(/^\s*(?:d[ée]part|go)\b/i, ""), duelists, "top", (id) => ({
            command: "top",
            firstDuelistId: id,
          })),
  ],
  [
    /^correction\b(.*)$/ds,
    (rest) => {
      const postId = POST_ID.exec(rest.trim())?.[1];
      return postId
        ? { ok: true, action: { command: "correction", postId, fields: {} } }
        : { ok: false, error: say.missingPostId };
    },
  ],
  [
    /^(?:derogation|extension)\b(.*)$/ds,
    (rest, duelists) => {
      const found = findDuration(rest);
      if (!found) return { ok: false, error: say.missingDuration };
      return withDuelist(found.rest, duelists, "dérogation", (id) => ({
        command: "derogation",
        duelistId: id,
        duration: found.iso,
      }));
    },
  ],
  [
    /^(?:annuler|annule|annulation|cancel)(?: (?:de )?(?:la|the|a))? (?:disqualification|disqualif|dq)\b(.*)$/ds,
    (rest, duelists) =>
      withDuelist(rest, duelists, "annuler disqualification", (id) => ({
        command: "cancel-disqualification",
        duelistId: id,
      })),
  ],
  [
    /^(?:annuler|annule|annulation|cancel)(?: (?:de )?(?:la|the))? (?:fin|end)(?: du duel| of (?:the )?duel)?\b(.*)$/ds,
    (rest) =>
      normalizeKey(rest).replace(/[.!]/g, "").trim() === ""
        ? { ok: true, action: { command: "cancel-end" } }
        : { ok: false, error: say.cancelEndAlone },
  ],
  [
    /^(?:annuler|annule|annulation|cancel)(?: (?:de )?(?:la|une|the|a))? (?:faute|fault)\b(.*)$/ds,
    (rest) => {
      const eventId = EVENT_ID.exec(rest.trim())?.[1];
      return eventId
        ? { ok: true, action: { command: "cancel-fault", eventId } }
        : { ok: false, error: say.missingEventId };
    },
  ],
  [
    /^(?:faute|fault)s?\b(.*)$/ds,
    (rest, duelists) => {
      const kind = /(?:\b(?:d'|de |d ))?\b(action|absence)\b/i.exec(foldSameLength(rest));
      if (!kind) return { ok: false, error: say.missingFaultKind };
      const who = rest.slice(0, kind.index) + rest.slice(kind.index + kind[0].length);
      const faultKind = kind[1] === "absence" ? "absence" : "action";
      return withDuelist(who, duelists, "faute", (id) => ({
        command: "fault",
        duelistId: id,
        kind: faultKind,
      }));
    },
  ],
  [
    /^(?:disqualifier|disqualifie|disqualification|disqualify|dq)\b(.*)$/ds,
    (rest, duelists) =>
      withDuelist(rest, duelists, "disqualifier", (id) => ({ command: "disqualify", duelistId: id })),
  ],
  [
    /^(?:points?|pts?)\b(.*)$/ds,
    (rest, duelists) => {
      const signed = SIGNED.exec(rest);
      if (!signed) return { ok: false, error: say.missingDelta };
      const delta = Number(signed[2]) * (signed[1] === "+" ? 1 : -1);
      if (delta === 0) return { ok: false, error: say.missingDelta };
      const who = (rest.slice(0, signed.index) + rest.slice(signed.index + signed[0].length)).replace(
        POINT_UNITS,
        "",
      );
      return withDuelist(who, duelists, "points", (id) => ({
        command: "adjust-points",
        duelistId: id,
        delta,
      }));
    },
  ],
  [
    /^(?:annonces?|announcements?)\b(.*)$/ds,
    (rest) => {
      const key = normalizeKey(rest).replace(/^[:=]\s*/, "");
      if (/^(?:non|off|aucune?|stop|no|false)$/.test(key))
        return { ok: true, action: { command: "announce", enabled: false } };
      if (/^(?:oui|on|yes|true)$/.test(key))
        return { ok: true, action: { command: "announce", enabled: true } };
      return { ok: false, error: say.missingAnnounce };
    },
  ],
  [
    /^(?:enjeux?|stakes?)\b(.*)$/ds,
    (rest) => {
      const key = normalizeKey(rest).replace(/^[:=]\s*/, "");
      if (/^(?:non honores?|pas honores?|non tenus?|not honou?red)$/.test(key))
        return { ok: true, action: { command: "stakes", honoured: false } };
      if (/^(?:honores?|tenus?|regles?|honou?red)$/.test(key))
        return { ok: true, action: { command: "stakes", honoured: true } };
      return { ok: false, error: say.missingStakes };
    },
  ],
  [
    /^(?:fin|end|terminer|termine|finish)(?: du duel| of duel)?\b(.*)$/ds,
    (rest, duelists) => {
      const key = normalizeKey(rest);
      if (key.length === 0) return { ok: false, error: say.missingWinner };
      if (DRAW.test(key)) return { ok: true, action: { command: "end", winnerId: null } };
      return withDuelist(rest, duelists, "fin", (id) => ({ command: "end", winnerId: id }));
    },
  ],
];

/**
 * Reads one command of an `[arbitre]` block (the syntax is in referee-commands.ts). Keywords are
 * matched without case or accents; names and ids keep their spelling.
 */
export function parseCommandLine(line: string, duelists: Duelists): ParsedCommand {
  const original = toNfc(line).trim();
  const folded = foldSameLength(original);
  for (const [pattern, handle] of COMMANDS) {
    const start = pattern.exec(folded)?.indices?.[1]?.[0];
    if (start !== undefined) return handle(original.slice(start), duelists);
  }
  return { ok: false, error: say.unknownCommand(original) };
}
