/**
 * The French names of days and months, as `Intl.DateTimeFormat("fr-FR")` spells them: the words
 * of every date the hiboux, the thread replies, the club pages and the desk show (`formatDay` in
 * `format.ts` picks them).
 */
export const weekdayNames = [
  "dimanche",
  "lundi",
  "mardi",
  "mercredi",
  "jeudi",
  "vendredi",
  "samedi",
] as const;

export const monthNames = [
  "janvier",
  "février",
  "mars",
  "avril",
  "mai",
  "juin",
  "juillet",
  "août",
  "septembre",
  "octobre",
  "novembre",
  "décembre",
] as const;
