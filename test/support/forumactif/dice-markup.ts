/**
 * The Game Master's dice post as the fake board writes it. Forumactif does not document its markup;
 * this follows what its help describes (the member's name, the die's name, one image per die) in a
 * plausible shape, and the reader is built to tolerate variations of it.
 */
import { escapeHtml } from "./render-topic.js";

/** One die type rolled in a reply: its name and the face image of each die. */
export interface RolledDice {
  readonly dieName: string;
  readonly faceImages: readonly string[];
}

/** The name Forumactif gives the account that posts dice results. */
export const GAME_MASTER_NAME = "Maître du jeu";

/** The message of the Game Master post announcing `player`'s roll. */
export function diceRollMessage(player: string, rolls: readonly RolledDice[]): string {
  const groups = rolls
    .map(
      (roll, index) =>
        `#${index + 1} '${escapeHtml(roll.dieName)}' : <br />${roll.faceImages
          .map((src) => `<img src="${escapeHtml(src)}" alt="" border="0" />`)
          .join(" ")}`,
    )
    .join("<br /><br />");
  return `Le membre '${escapeHtml(player)}' a effectué l'action suivante : Lancer de dés<br /><br />${groups}`;
}

/** The face images of the clubs' six-faced "Duel" die on the fake board. */
export const DUEL_FACES: Readonly<Record<string, number>> = {
  "https://i.servimg.com/u/f61/20/12/34/56/de-duel-1.png": 1,
  "https://i.servimg.com/u/f61/20/12/34/56/de-duel-2.png": 2,
  "https://i.servimg.com/u/f61/20/12/34/56/de-duel-3.png": 3,
  "https://i.servimg.com/u/f61/20/12/34/56/de-duel-4.png": 4,
  "https://i.servimg.com/u/f61/20/12/34/56/de-duel-5.png": 5,
  "https://i.servimg.com/u/f61/20/12/34/56/de-duel-6.png": 6,
};

/** The face image of a value of the Duel die. */
export function duelFace(value: number): string {
  const found = Object.entries(DUEL_FACES).find(([, v]) => v === value);
  if (found === undefined) throw new RangeError(`no Duel face ${value}`);
  return found[0];
}
