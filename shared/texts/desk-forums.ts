/** The French words of the desk's forum settings (forum-page.tsx). */
export const forumTexts = {
  nav: "Forum",
  list: {
    title: "Forums du service",
    none: "Aucun forum pour l'instant.",
    forumId: "Identifiant du forum",
    name: "Nom du forum",
    referees: "Arbitres déclarés",
    create: "Créer le forum",
    badForumId: "Identifiant invalide : lettres, chiffres, - et _ (64 au plus).",
    exists: "Ce forum existe déjà : ouvrez ses réglages dans la liste.",
  },
  title: (name: string) => `Réglages du forum ${name}`,
  newForum: (forumId: string) => `Nouveau forum ${forumId}`,
  saved: "Réglages enregistrés.",
  refused: "Réglages non enregistrés : corrigez les champs signalés.",
  /** The settings page's sections, as its table of contents names them. */
  toc: {
    label: "Sections de la page",
    people: "Nom et personnes",
    sources: "Sources des messages",
    channels: "Canaux des hiboux",
    ruleset: "Règlement",
    forumactif: "Forumactif",
    club: "Archives du club",
  },
  club: {
    intro:
      "Le classement de la saison, les duels en cours et terminés, les enjeux et les bannis, tenus à jour à chaque duel.",
    page: "La page publique du club",
    private:
      "Les archives de ce club ne sont pas publiques : la page et son encart répondent « introuvable ».",
    embed:
      "Pour les montrer dans le forum, collez ce code dans une page HTML ou un widget Forumactif (seul votre forum peut l'afficher dans un cadre) :",
    csv: "Exporter la saison en CSV",
    boardOrigins: "Adresses de votre forum (une par ligne)",
    boardOriginsHelp:
      "Les adresses où l'encart du club peut s'afficher dans un cadre, quel que soit le logiciel du forum (ex. poudlard.forumactif.com ou https://forum.exemple.fr).",
    saveOrigins: "Enregistrer les adresses",
    framedBy: (origins: string) => `L'encart peut s'afficher sur : ${origins}.`,
    noFraming:
      "Indiquez d'abord l'adresse de votre forum ci-dessus : sans elle, l'encart du club refuse de s'afficher dans un cadre, et aucun code n'est proposé.",
  },
  general: {
    title: "Nom",
    name: "Nom du forum",
    submit: "Enregistrer le nom",
  },
  referees: {
    title: "Arbitres",
    intro:
      "Seuls ces arbitres peuvent ouvrir un duel dans un fil. Videz une ligne pour retirer un arbitre ; remplissez une ligne vide pour en ajouter un.",
    field: "Arbitres",
    submit: "Enregistrer les arbitres",
    line: (n: number, message: string) => `ligne ${n} : ${message}`,
    id: "Numéro de compte",
    name: "Nom",
    username: "Identifiant de connexion (facultatif)",
    row: (n: number) => `Arbitre ${n}`,
    newRow: "Nouvel arbitre",
    required: "à remplir.",
    missingName: "indiquez « numéro ; nom ».",
  },
  secrets: {
    title: "Secrets des webhooks",
    intro:
      "Un secret n'est montré qu'une fois, à sa création : copiez-le dans le réglage du webhook du forum. En générer un nouveau remplace l'ancien, qui est refusé dès maintenant.",
    generic: "Webhook générique (Standard Webhooks)",
    discourse: "Webhook Discourse",
    xenforo: "Webhook XenForo",
    set: "défini",
    unset: "non défini",
    generate: "Générer un nouveau secret",
    shownOnce: (kind: string) => `Nouveau secret ${kind}, affiché une seule fois :`,
    alreadyShown:
      "Ce secret a déjà été affiché, une seule fois, et ne le sera plus : cette page n'en génère pas d'autre. S'il a été perdu, générez-en un nouveau (l'ancien sera refusé aussitôt) et recopiez-le dans le webhook du forum.",
    regenerate: "Générer un nouveau secret",
  },
  channels: {
    title: "Canaux des hiboux",
    none: "Aucun canal : les hiboux sont seulement gardés dans le journal.",
    type: "Type",
    where: "Destination",
    remove: "Retirer",
    test: "Envoyer un hibou d'essai",
    add: "Ajouter un canal",
    addIntro: "Choisissez le type du canal : seuls ses champs s'affichent.",
    addType: (type: string) => `Nouveau canal : ${type}`,
    url: "Adresse (webhook, Discord)",
    secret: "Secret whsec_… (webhook, facultatif)",
    baseUrl: "Adresse du forum (Discourse, Forumactif)",
    apiKey: "Clé d'API Discourse",
    apiUsername: "Utilisateur de l'API Discourse",
    username: "Compte robot Forumactif (nom d'utilisateur)",
    password: "Mot de passe du compte robot Forumactif",
    serves: "Destinataires",
    servesChoices: {
      "": "selon le type (messages privés : arbitres et duellistes ; salon partagé : annonces publiques)",
      referees: "les arbitres",
      "referees,public": "les arbitres et les annonces publiques",
      public: "les annonces publiques seulement",
      "referees,duelists": "les arbitres et les duellistes (messages privés ou webhook)",
    },
    types: {
      log: "journal",
      webhook: "webhook signé",
      discord: "Discord",
      discourse: "message privé Discourse",
      forumactif: "message privé Forumactif",
    },
    /** Where a Forumactif channel without its own account sends from. */
    sourceAccount: "compte robot de la source du forum",
    testTitle: "Hibou d'essai",
    /** Whom the test hibou is addressed to when the forum declares no referee yet. */
    testRecipient: "Administrateur du forum",
    testText: (forum: string) =>
      `Ceci est un hibou d'essai du forum ${forum}, envoyé depuis le bureau de l'arbitre. Aucune action n'est attendue.`,
    delivered: (n: number) => `Canal ${n} : hibou d'essai remis, le canal a répondu sans erreur.`,
    failed: (n: number, message: string, retryable: boolean) =>
      `Canal ${n} : échec ${retryable ? "(passager, le relais réessaierait)" : "(définitif)"} — ${message}`,
    noNotifier: "Ce serveur ne peut pas envoyer de hibou d'essai.",
    /** The API's refusals of a channel that name its JSON fields, in the form's words. */
    refusals: {
      account:
        "remplissez les trois champs (adresse du forum, nom d'utilisateur et mot de passe du compte robot), ou aucun : le canal enverra alors avec le compte robot de la source Forumactif.",
      noAccount:
        "aucun compte robot pour envoyer : remplissez ici l'adresse du forum, le nom d'utilisateur et le mot de passe d'un compte, ou enregistrez d'abord un compte robot dans la section « Source Forumactif ».",
      refereeWithoutReferees:
        "un arbitre n'est désigné que pour un canal qui sert les arbitres : choisissez des « Destinataires » qui comprennent les arbitres, ou ne désignez pas d'arbitre.",
      noSecret:
        "secret de signature requis : donnez un secret whsec_… à ce canal, ou générez d'abord le secret du « Webhook générique » (section « Secrets des webhooks »).",
    },
    /** How a refusal names a field the API names by its path (`source.account`, `baseUrl`…). */
    fieldWords: {
      "source.account": "le compte robot de la source Forumactif",
      "webhookSecrets.generic": "le secret du webhook générique",
      baseUrl: "l'adresse du forum",
      url: "l'adresse",
      apiKey: "la clé d'API",
      apiUsername: "l'utilisateur de l'API",
      username: "le nom d'utilisateur",
      password: "le mot de passe",
      refereeId: "l'arbitre",
      serves: "les destinataires",
    },
    unknown: "Ce canal n'existe plus : rechargez la page.",
  },
  ruleset: {
    title: "Règlement",
    intro: (custom: boolean) =>
      custom
        ? "Le règlement propre à ce forum. Le barème des PD, les sanctions et les délais se modifient ici ; le reste se lit."
        : "Le règlement du club (par défaut). Modifier le barème des PD, les sanctions ou les délais en fait un règlement propre à ce forum.",
    name: "Nom",
    startingPoints: "PD de départ par année",
    actionFaultSanction: "Sanction d'une faute d'action (PD retirés) par année",
    actionFaultsBeforeSanction: "Fautes d'action avant sanction",
    absenceSanctions: "Sanctions des fautes d'absence, une par ligne (ex. 5, ou 10 + disqualification)",
    delays: "Délais (ex. 3 jours, 48 heures, 30 minutes, 6 mois)",
    delay: {
      reply: "Délai de réponse",
      correction: "Fenêtre de correction",
      maxDerogation: "Dérogation maximale",
      ban: "Durée du bannissement",
      reminderBefore: "Rappel avant l'échéance",
    },
    readOnly: "Le reste du règlement (lecture seule)",
    minWords: (n: number) => `Mots minimum par message : ${n}`,
    maxLevel: "Niveau de sort maximal par année",
    spells: "Sorts",
    particularities: "Particularités",
    year: (y: string) => (y === "adulte" ? "adulte" : y === "1" ? "1re" : `${y}e`),
    submit: "Enregistrer le règlement",
    badNumber: "nombre entier attendu.",
    badDelay: "durée illisible : écrivez par exemple « 3 jours », « 48 heures » ou « 6 mois ».",
    badSanction: (n: number) =>
      `ligne ${n} : écrivez un nombre de PD, « disqualification », ou les deux (« 10 + disqualification »).`,
  },
} as const;
