/**
 * What the referee reads when a line of their `[arbitre]` block could not be understood. French,
 * kept together so that it reads as one voice; each message says how to write the line instead.
 */
export const refereeMessages = {
  unknownCommand: (line: string): string =>
    `commande inconnue : « ${line} ». Commandes possibles : top, correction, dérogation, faute action, ` +
    "faute absence, annuler faute, disqualifier, annuler disqualification, points, fin, annuler fin.",
  missingDuelist: (command: string): string =>
    `${command} : indiquez le duelliste (nom, prénom ou identifiant).`,
  unknownDuelist: (text: string): string =>
    `duelliste inconnu : « ${text} ». Indiquez son nom, son prénom ou son identifiant.`,
  ambiguousDuelist: (text: string): string =>
    `« ${text} » désigne plusieurs duellistes : écrivez le nom complet ou l'identifiant.`,
  missingPostId: "correction : indiquez l'identifiant du message corrigé, par exemple « correction 98765 ».",
  emptyCorrection:
    "correction : indiquez au moins un champ corrigé (cible : …, zone : …, pari : … ou texte : …).",
  fieldWithoutCorrection: (field: string): string =>
    `« ${field} » ne se comprend qu'après une ligne « correction <message> ».`,
  missingDuration: "dérogation : indiquez la durée, par exemple « 3 jours », « 48 h » ou « P3D ».",
  missingFaultKind: "faute : précisez « faute action » ou « faute absence ».",
  missingEventId: "annuler faute : indiquez l'identifiant de la faute, par exemple « annuler faute evt-12 ».",
  missingDelta: "points : indiquez un nombre signé, par exemple « points Alice -3 » ou « points Alice +2 ».",
  cancelEndAlone:
    "annuler fin : écrivez « annuler fin » seul sur sa ligne, le motif sur une ligne « raison : … ».",
  missingWinner: "fin : indiquez le vainqueur, ou « fin nul » s'il n'y en a pas.",
  missingAnnounce:
    "annonces : écrivez « annonces : non » pour les arrêter dans ce fil, « annonces : oui » pour les reprendre.",
  missingStakes: "enjeux : écrivez « enjeux honorés » ou « enjeux non honorés », une fois le duel terminé.",
  invalid: (detail: string): string => `commande invalide : ${detail}`,
} as const;
