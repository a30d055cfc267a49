/**
 * The hiboux written to one duelist alone, « tu » (STYLE.md 13): what happened to them in a turn
 * they did not see resolved — their own turn's defence, an attack that a correction launched at
 * them, their absence — and their ban. The hiboux both the referee and the duelists read are in
 * `hiboux.ts`.
 */
import { de, formatDay, signed } from "./format.js";

/** A post named by its time in the thread (`when`, see `postTime`): « ton message de 14 h 02 ». */
const yourPost = (when: string | null): string => (when ? ` (ton message ${when})` : "");
const theirPost = (when: string | null): string => (when ? ` (son message ${when})` : "");

export const duelistTexts = {
  /** Points lost defending in one's own turn (R-3.2): the turn's summary goes to the referee only. */
  hit: {
    title: (name: string, number: number) => `Défense du tour ${number} : ${name}`,
    intro: (number: number, when: string | null) =>
      `Ton tour ${number} est joué${yourPost(when)} ; ton dé de défense y a répondu aux attaques qui t'attendaient (R-3.2).`,
    /** `line` is the defence as the referee's summary says it: « Contre l'attaque de … : défense 3 contre attaque 5 ». */
    hit: (line: string, amount: number) => `${line} : l'attaque te touche, tu perds ${amount} PD.`,
    deflected: (line: string) => `${line} : tu l'évites.`,
    cancelled: (line: string, by: string) => `${line} : annulée par ton sort (${by}, R-4.11).`,
    out: "Tu n'as plus de PD : tu sors du duel (R-1.6).",
    effect: {
      disarmed: "Tu perds ta baguette : ton prochain tour sera « récupérer sa baguette » (R-5.1).",
      "cannot-attack": "Tu ne pourras pas attaquer à ton prochain tour (R-4.13).",
      "next-defence": (modifier: number) => `Ta prochaine défense comptera ${signed(modifier)} (R-3.5).`,
    },
    points: (points: string) => `Il te reste ${points}.`,
  },

  /** An attack a late-resolved turn (a post completed by a correction, R-6.7) now launches at its target. */
  attackWaits: {
    title: (attacker: string) => `L'attaque ${de(attacker)} t'attend`,
    corrected: (attacker: string, number: number, when: string | null) =>
      `L'arbitre a complété le message ${de(attacker)}${when ? ` ${when}` : ""} (droit à l'erreur, R-6.7) : son tour ${number} est résolu, et son attaque te vise maintenant.`,
    resolved: (attacker: string, number: number, when: string | null) =>
      `Le tour ${number} ${de(attacker)}${theirPost(when)} est résolu : son attaque te vise maintenant.`,
    yourTurn: (number: number, deadline: string, timeZone?: string) =>
      `C'est à toi de jouer (tour ${number}), avant le ${formatDay(deadline, timeZone)} : ton message y répondra.`,
    later: "Ton prochain message y répondra.",
  },

  /**
   * An absence (R-6.2) told in one hibou to the absent duelist: the fault, its sanction, and the
   * attacks that hit them undefended.
   */
  absence: {
    sanction: (points: number) => `Sanction : tu perds ${points} PD (R-6.2).`,
    disqualified: "Cette faute d'absence entraîne ta disqualification (R-6.8).",
    hit: (attacker: string, spell: string, attack: number, amount: number) =>
      `L'attaque ${de(attacker)} (${spell}, attaque ${attack}) te touche sans défense : tu perds ${amount} PD (R-6.2).`,
  },

  /** A ban (R-6.9), told kindly and whole: why, until when, and whom to ask. */
  ban: {
    why: (cause: string | null, until: string, timeZone?: string) =>
      `${cause ? `Ta disqualification ${cause} entraîne` : "Ta disqualification entraîne"}, comme toute disqualification, une interdiction de duel (R-6.9) : tu ne pourras pas t'inscrire à un duel jusqu'au ${formatDay(until, timeZone)}.`,
    ends: "Elle prend fin d'elle-même à cette date, et un hibou te le dira : tu pourras alors de nouveau croiser la baguette.",
    /** `referee`: the duel's; `others`: the forum's other referees; `forum`: its name, when known. */
    ask: (referee: string, others: readonly string[], forum: string | null) =>
      `Une question, ou une erreur à signaler ? Écris à ${referee}, l'arbitre de ce duel` +
      `${others.length > 0 ? `, ou à ${others.length > 1 ? "l'un des arbitres" : "l'arbitre"} ${forum ? de(forum) : "du forum"} (${others.join(", ")})` : ""} : ` +
      `l'arbitre peut annuler ta disqualification, et l'interdiction avec elle ; l'administration ${forum ? de(forum) : "du forum"} peut aussi lever l'interdiction (R-7.1).`,
  },
} as const;
