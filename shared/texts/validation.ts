/**
 * The French of field checks: what `details[].message` says of one bad field in a 400 (CONTRACT.md
 * section 2), and why a channel's or a forum's address is refused. zod's own messages stay English
 * (`shared/validation/english-messages.ts`); these are the service's own rules.
 */
export const validationTexts = {
  duration: "durée ISO-8601 attendue",
  durationLike: (examples: string) => `durée ISO-8601 attendue (ex. ${examples})`,
  integer: "entier attendu",
  /** A reply window under the floor of `shared/rules/reply-window.ts`. */
  replyWindowTooShort: (min: string) =>
    `délai de réponse trop court : ${min} au moins (la fenêtre de correction, R-6.7, puis le temps d'écrire un tour)`,
  forumId: "lettres, chiffres, - et _ (64 au plus)",
  threadId: "identifiant de fil invalide",
  rulesetId: "identifiant en minuscules, chiffres et tirets",
  duplicateSpell: (id: string) => `sort en double : ${id}`,
  duplicateParticularity: (id: string) => `particularité en double : ${id}`,
  /**
   * A name, alias or id of a custom ruleset that, once normalised as posts and registrations are
   * read, already names another spell or particularity (`shared/rules/ruleset-names.ts`).
   */
  nameTaken: {
    spell: (text: string, id: string) =>
      `« ${text} » désigne déjà le sort ${id} : un nom ne peut désigner qu'une seule chose`,
    particularity: (text: string, id: string) =>
      `« ${text} » désigne déjà la particularité ${id} : un nom ne peut désigner qu'une seule chose`,
  },
  secret: {
    standardWebhooks: "secret Standard Webhooks attendu (whsec_…)",
    unusable:
      "secret Standard Webhooks illisible : base64 standard attendu après whsec_ (« = » seulement à la fin)",
    discourse: "12 caractères au moins (règle de Discourse)",
    xenforo: "16 caractères au moins",
  },
  channel: {
    hibouKind: "type de hibou attendu (ex. « fault.action » ou « fault »)",
    account: "les trois (baseUrl, username, password), ou aucun pour le compte de la source",
    sharedForDuelists:
      "un salon partagé ne peut pas servir les duellistes : leurs hiboux partent en message privé (Discourse, Forumactif)",
    refereeWithoutReferees:
      'un arbitre n\'est désigné que pour un canal qui sert les arbitres (serves: ["referees"])',
    xenforoUserId: "identifiant numérique de l'utilisateur XenForo",
  },
  /** Why a channel's URL is refused (`shared/validation/channel-urls.ts`). */
  url: {
    httpsOnly: "https:// attendu (aucun autre protocole)",
    credentials: "pas d'identifiants dans l'URL",
    privateAddress: "adresse IP non publique refusée",
    privateHost: "hôte non public refusé",
    discord: "un webhook Discord est sur discord.com (https://discord.com/api/webhooks/…)",
  },
  /** A Forumactif source's settings (`shared/forumactif/source-settings.ts`, `source-probe.ts`). */
  forumactif: {
    invalidAddress: "adresse invalide",
    addressCredentials: "l'adresse ne doit pas contenir d'identifiants",
    addressOnly: "l'adresse du forum seule, sans « ? » ni « # »",
    noAnswer: (error: string) => `le forum ne répond pas à cette adresse (${error})`,
    notForumactif: "cette adresse ne répond pas par une page Forumactif",
    timeZone: "fuseau horaire IANA attendu (ex. Europe/Paris)",
    pollAtLeast: "30 secondes au moins entre deux lectures",
    pollAtMost: "24 heures au plus entre deux lectures",
    facesAtLeast: "une face au moins",
    facesAtMost: "100 faces au plus",
  },
} as const;
