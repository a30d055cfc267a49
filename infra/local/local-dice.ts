/**
 * The Duel die of the local fake board (`npm run fake-forumactif`), by face image file name: a
 * forum maps each face image, by URL or file name, to its value (CONTRACT.md 4.4).
 */
export const LOCAL_DUEL_FACES: Readonly<Record<string, number>> = {
  "de-duel-1.png": 1,
  "de-duel-2.png": 2,
  "de-duel-3.png": 3,
  "de-duel-4.png": 4,
  "de-duel-5.png": 5,
  "de-duel-6.png": 6,
};
