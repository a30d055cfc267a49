/**
 * What the bot says in a duel's thread (CONTRACT.md 3, `announce`), in French, to the duelists and
 * their readers: short lines a phone shows whole, no rule ids, no JSON. Names are inserted as they
 * are; each forum's poster escapes them for its markup.
 */
import { de, formatDate, formatPoints, joinList } from "./format.js";

export const announceTexts = {
  turnTitle: (number: number, name: string) => `Tour ${number} — ${name}`,
  startTitle: "Le duel commence",
  endTitle: "Fin du duel",
  refereeTitle: "Décision de l'arbitre",
  absenceTitle: "Délai dépassé",
  verdictTitle: "Verdict",
  started: (name: string) => `Top ! ${name} ouvre le duel.`,
  dice: (attack: number, defence: number, bySystem: boolean) =>
    `Dés : ${attack} en attaque, ${defence} en défense${bySystem ? " (lancés par l'arbitre automatique)" : ""}`,
  defence: (spell: string, attacker: string, defender: string) => `${spell} ${de(attacker)} sur ${defender}`,
  hit: (attack: number, defence: number | null, lost: number | null) =>
    `touché (attaque ${attack}, ${defence === null ? "pas de défense" : `défense ${defence}`})${lost === null ? "" : `, −${lost} PD`}`,
  deflected: (attack: number, defence: number | null) => `paré (attaque ${attack}, défense ${defence ?? 0})`,
  cancelled: "annulé",
  attack: (name: string, spell: string, target: string, attack: number) =>
    `${name} attaque ${target} : ${spell} (attaque ${attack}).`,
  spell: (name: string, spell: string) => `${name} lance un sort : ${spell}.`,
  wand: (name: string) => `${name} récupère sa baguette.`,
  disarmed: (name: string) => `${name} perd sa baguette.`,
  faultyTurn: "Ce tour est en faute : son action ne compte pas.",
  fault: (kind: "action" | "absence", name: string, count: number, why: string) =>
    `${kind === "absence" ? "Absence" : "Faute d'action"} ${de(name)}${count > 0 ? ` (${count === 1 ? "1re" : `${count}e`})` : ""}${why ? ` : ${why}` : ""}`,
  sanction: (points: number, disqualify: boolean) =>
    disqualify ? "disqualification" : points > 0 ? `−${points} PD` : "",
  out: (name: string) => `${name} n'a plus de points : hors du duel.`,
  disqualified: (name: string) => `Disqualification ${de(name)}.`,
  /** Only when the forum asks for them (`announceRules`): the rules the reply applied. */
  rules: (ids: readonly string[]) => `Règles : ${ids.join(", ")}`,
  standings: (list: readonly { name: string; points: number; startingPoints: number }[]) =>
    `Points : ${list.map((d) => `${d.name} ${formatPoints(d.points, d.startingPoints)}`).join(" · ")}`,
  next: (name: string, number: number, deadline: string, timeZone?: string) =>
    `À ${name} de jouer (tour ${number}), ${formatDate(deadline, timeZone).replace(/^le /, "avant le ")}.`,
  winner: (name: string, reason: "points" | "disqualification" | "referee") =>
    `Victoire ${de(name)}${reason === "disqualification" ? " par disqualification" : reason === "referee" ? " (décision de l'arbitre)" : ""}.`,
  draw: "Pas de vainqueur.",
  /** The stakes to honour and who owes them (R-1.7). */
  stakes: (stakes: string, winner: string | null, owing: readonly string[]) =>
    winner && owing.length > 0
      ? `Enjeu : ${stakes} — ${joinList(owing)} ${owing.length > 1 ? "le doivent" : "le doit"} à ${winner}.`
      : `Enjeu : ${stakes} — sans vainqueur, l'arbitre dira comment l'honorer.`,
  correction: (name: string, until: string, timeZone?: string) =>
    `Message incomplet ${de(name)} : correction possible ${formatDate(until, timeZone).replace(/^le /, "jusqu'au ")}.`,
  corrected: (name: string) => `Correction ${de(name)} acceptée.`,
  derogation: (name: string, deadline: string | null, timeZone?: string) =>
    `Dérogation accordée à ${name}${deadline ? `, nouveau délai ${formatDate(deadline, timeZone).replace(/^le /, "avant le ")}` : ""}.`,
  adjusted: (name: string, delta: number, points: number, startingPoints: number) =>
    `Points ${de(name)} ajustés (${delta > 0 ? "+" : "−"}${Math.abs(delta)}) : ${formatPoints(points, startingPoints)}.`,
  faultCancelled: (name: string) => `Faute ${de(name)} annulée.`,
  resumed: "Le duel reprend.",
  /** Why a reply could not be posted, as the duel's page shows it. */
  noBot: "Aucun compte robot configuré pour ce forum.",
  noPoster: "Aucun moyen de publier dans le fil.",
} as const;
