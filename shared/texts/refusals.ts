import { formatDay, formatDuration } from "./format.js";

/**
 * Why the decider refuses a command (`DomainError`, CONTRACT.md section 2), keyed by the refusal's
 * `code`: what the referee reads on the desk, in the API's answer or in a hibou. A code refused for
 * several reasons keys one sentence per reason. The status each code carries stays where the rule
 * is decided (`shared/domain/`); the edge's own answers are in `errors.ts`.
 */

export const refusalTexts = {
  duel_not_found: "Ce duel n'existe pas.",
  duel_already_exists: "Un duel existe déjà pour ce fil.",
  not_referee: "Seul l'arbitre du duel peut donner cette commande.",
  unknown_command: (command: string) => `Commande inconnue : ${command}`,
  invalid_duel: {
    tooFew: "Un duel se joue à deux duellistes au moins (R-1.2).",
    twice: "Un duelliste est inscrit deux fois.",
    firstNotIn: "Le premier duelliste doit être inscrit au duel.",
  },
  referee_is_duelist: "L'arbitre ne peut pas être duelliste de son propre duel (R-1.1).",
  duelist_banned: (name: string, until: string) =>
    `${name} est interdit(e) de duel jusqu'au ${until} (R-6.9).`,
  /** An unknown particularity is an invalid field of the registration. */
  unknownParticularity: (name: string) => `Particularité inconnue : ${name}.`,
  duelist_not_found: (id: string) => `Aucun duelliste « ${id} » dans ce duel.`,
  duel_finished: "Le duel est terminé.",
  duel_not_finished: "Le duel n'est pas terminé : les enjeux se règlent à la fin du duel (R-1.7).",
  no_stakes: "Ce duel n'avait pas d'enjeux.",
  duelist_not_active: (name: string) => `${name} n'est plus dans le duel.`,
  duel_already_started: "Le top a déjà été donné.",
  /** The top asked of a duel that has already ended: the real reason, and how to go on. */
  topAfterEnd: (how: "points" | "disqualification" | "referee") =>
    `Le duel est déjà terminé (${
      {
        points: "aux points",
        disqualification: "par une disqualification",
        referee: "par décision de l'arbitre",
      }[how]
    }) : le top ne peut plus être donné. Pour le reprendre, annulez d'abord ce qui l'a terminé ` +
    "(« annuler disqualification <duelliste> » ou « annuler fin »).",
  /** The last word: what a cancellation needs, and why one is refused. */
  reason_required: "Indiquez un motif : il est enregistré avec la décision (R-7.1).",
  duelist_not_disqualified: (name: string) => `${name} n'est pas disqualifié(e) : il n'y a rien à annuler.`,
  ban_not_found: "Aucune interdiction de duel en cours pour ce duelliste.",
  duel_not_ended: "Le duel n'est pas terminé : il n'y a pas de fin à annuler.",
  end_not_by_referee:
    "Le duel ne s'est pas terminé par une décision de l'arbitre : annulez plutôt la disqualification ou la faute qui l'a terminé (R-7.1).",
  post_not_found: (postId: string) => `Aucun message ${postId} dans ce duel.`,
  correction_refused: "Ce message était valide : aucun changement ne pourra être accepté (R-6.7).",
  correction_window_closed: "Aucune fenêtre de correction n'est ouverte pour ce message (R-6.7).",
  /** A correction that would leave its post incomplete: refused, the window still open. */
  correction_incomplete: (postId: string, missing: string, until: string) =>
    `Correction refusée : avec elle, le message ${postId} resterait incomplet (${missing}). ` +
    `Rien n'est changé : la fenêtre reste ouverte jusqu'au ${formatDay(until)} pour une correction qui le complète (R-6.7).`,
  /** The words a refused correction leaves, beside "moins de 100 mots". */
  wordsWithCorrection: (label: string, words: number) => `${label} (${words} avec la correction)`,
  derogation_already_used: (name: string) => `${name} a déjà eu sa dérogation dans ce duel (R-6.2a).`,
  invalid_duration: "La durée doit être positive.",
  derogation_too_long: (max: string) => `Une dérogation ne peut dépasser ${max} (R-6.2a).`,
  fault_not_found: (eventId: string) => `Aucune faute ${eventId} dans ce duel.`,
  fault_already_cancelled: "Cette faute est déjà annulée.",
} as const;

/** An ISO-8601 instant as a refusal quotes it (`2027-06-12T00:42:00.000Z`). */
const INSTANT = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})/g;
/** An ISO-8601 duration standing alone (`P5D`, `PT48H`). */
const DURATION = /(?<![\p{L}\p{N}])P(?:\d+[YMWD])*(?:T(?:\d+[HMS])+)?(?![\p{L}\p{N}])/gu;

/**
 * The refusals that quote an instant or a duration as the decider stored them (ISO-8601: the words
 * of stored events never change, CONTRACT.md 4.3), read in French where a person reads them.
 */
const SHOWN: Readonly<Record<string, (message: string, timeZone?: string) => string>> = {
  duelist_banned: (message, timeZone) => message.replace(INSTANT, (iso) => formatDay(iso, timeZone)),
  derogation_too_long: (message) => message.replace(DURATION, (iso) => formatDuration(iso)),
};

/**
 * A refusal as the referee reads it on the desk, in the API's answer, the audit log or a hibou:
 * "jusqu'au samedi 12 juin 2027 à 2 h 42" (Paris time, or the forum's `timeZone` where the refusal
 * is told on a forum), "ne peut dépasser 5 jours". Any other refusal as it is.
 */
export function refusalShown(code: string, message: string, timeZone?: string): string {
  return SHOWN[code]?.(message, timeZone) ?? message;
}
