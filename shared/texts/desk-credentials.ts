/** The French words of the desk's "Personnes et jetons" page (credential-page.tsx). */
export const credentialTexts = {
  title: (forum: string) => `Personnes et jetons — ${forum}`,
  link: "Personnes et jetons",
  intro:
    "Chaque personne du forum se connecte avec son propre jeton. Un jeton n'est montré qu'une fois, à sa création ; révoquer un jeton le refuse aussitôt et ferme les sessions ouvertes avec lui.",
  list: "Jetons du forum",
  none: "Aucun jeton pour ce forum.",
  name: "Nom",
  role: "Rôle",
  referee: "Arbitre",
  created: "Créé le",
  revoke: "Révoquer",
  issue: "Créer un jeton",
  refereeId: "Arbitre déclaré (facultatif)",
  noRefereeId: "aucun",
  roles: { "forum-admin": "administrateur du forum", referee: "arbitre" },
  adminOnlyByOperator: "Seul l'opérateur du service crée les jetons d'administrateur du forum.",
  issued: (name: string) =>
    `Jeton de ${name}, affiché une seule fois : copiez-le et remettez-le à cette personne.`,
  alreadyShown:
    "Ce jeton a déjà été affiché, une seule fois, et ne le sera plus : cette page n'en crée pas d'autre. S'il a été perdu, révoquez-le dans la liste et créez-en un nouveau.",
  revokeAndReissue: "Révoquer et créer un nouveau jeton",
  revoked: "Jeton révoqué : il est refusé dès maintenant, et les sessions ouvertes avec lui sont fermées.",
  refused: "Jeton non créé : corrigez les champs signalés.",
  badName: "Indiquez le nom de la personne (200 caractères au plus).",
  badRole: "Choisissez un rôle : arbitre ou administrateur du forum.",
  back: "Retour aux réglages du forum",
} as const;
