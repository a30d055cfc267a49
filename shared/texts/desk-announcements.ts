/** The desk's words for the thread announcements (CONTRACT.md 3, `announce`). */
export const announcementTexts = {
  heading: "Annonces dans le fil",
  on: "Les verdicts de ce duel sont publiés dans son fil par le compte robot du forum (si le forum l'a demandé).",
  off: "L'arbitre a arrêté les annonces dans le fil pour ce duel.",
  empty: "Aucune annonce.",
  when: "Créée",
  text: "Annonce",
  state: "État",
  posted: (at: string) => `publiée ${at}`,
  failed: (error: string) => `abandonnée : ${error}`,
  pending: (attempts: number, error: string | null) =>
    attempts === 0
      ? "en attente"
      : `en attente (${attempts} essai${attempts > 1 ? "s" : ""}${error ? ` : ${error}` : ""})`,
} as const;
