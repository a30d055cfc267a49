/** The desk's words for the Forumactif card of the dashboard (forumactif-card.tsx). */
export const forumactifCardTexts = {
  heading: "Lecture Forumactif",
  ok: "OK",
  failing: "En échec",
  unknown: "état inconnu",
  allReadable: "tous les sujets suivis se lisent",
  unreadable: (count: number) => `${count} sujet(s) illisible(s)`,
  missed: (failures: number) => `${failures} lecture(s) manquée(s) de suite`,
  writesRefused:
    "Le forum refuse des envois du robot (messages privés ou réponses) ; aucune attente n'y changera rien :",
  boardProblem: (forumId: string, at: string) =>
    `${forumId}, ${new Date(at).toLocaleString("fr-FR", { timeZone: "Europe/Paris", dateStyle: "short", timeStyle: "short" })} :`,
} as const;
