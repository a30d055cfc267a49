/**
 * The desk's words for a forum's Forumactif source (CONTRACT.md 4.4), on the forum's settings page
 * (source-section.tsx): the form that connects a board, the connection test and a topic's preview.
 * Said to the forum's admin, who runs a board and is not a developer: "vous".
 */
export const sourceFormTexts = {
  title: "Source Forumactif",
  intro:
    "Forumactif n'envoie rien : l'arbitre lit lui-même les sujets des duels sur votre forum. " +
    "Donnez l'adresse du forum, enregistrez, testez la connexion, puis vérifiez qu'un sujet se lit bien.",
  none: "Aucune source Forumactif : les messages de ce forum arrivent par webhook (Discourse, XenForo ou générique). Pour lire un forum Forumactif, remplissez ce formulaire.",
  set: "Les sujets des duels de ce forum sont lus sur Forumactif.",
  board: "Le forum",
  baseUrl: "Adresse du forum",
  baseUrlHelp: "l'adresse d'accueil, par exemple poudlard.forumactif.com (https:// est ajouté s'il manque)",
  timeZone: "Fuseau horaire des dates affichées par le forum",
  timeZoneHelp: "Europe/Paris pour un forum français",
  pollEvery: "Intervalle entre deux lectures",
  pollEveryHelp: "par exemple « 2 minutes » ; 30 secondes au moins, un jour au plus",
  template: "Version du forum",
  templateAuto: "reconnue à la lecture (conseillé)",
  /** Forumactif's template versions by the names the board's admin knows them by, not their folders. */
  templates: {
    phpbb2: "phpBB2",
    phpbb3: "phpBB3",
    punbb: "PunBB",
    invision: "Invision",
    modernbb: "ModernBB",
    awesomebb: "AwesomeBB",
    mobile: "version mobile",
    custom: "thème personnalisé (sélecteurs du formulaire)",
  },
  account: "Compte robot (facultatif)",
  accountHelp:
    "Un compte membre du forum, créé pour l'arbitre : il lit les sections fermées aux invités, envoie les messages privés et répond dans les sujets. Faites-en un modérateur des sections des duels : le forum ne lui imposera alors ni délai entre deux messages (anti-flood) ni code de confirmation. Laissez vide si les sujets des duels sont visibles des invités.",
  username: "Nom d'utilisateur du compte robot",
  password: "Mot de passe du compte robot",
  passwordKept: (username: string) =>
    `Mot de passe de « ${username} » enregistré (jamais affiché) : laissez vide pour le garder.`,
  passwordNeeded: "mot de passe requis pour ce compte.",
  dice: "Dés du forum (facultatif)",
  diceHelp:
    "Pour les duels aux dés du forum : le nom du dé dans le module de jeu de rôle, puis une ligne par face, l'image de la face et sa valeur (de-duel-1.png = 1).",
  markup: "Thème personnalisé (facultatif)",
  markupHelp:
    "Si l'aperçu ne trouve pas les messages de votre thème, indiquez où ils sont, en sélecteurs CSS : le bloc d'un message dans la page, puis, dans ce bloc, l'auteur, la date et le texte (par exemple div.rp-post, .rp-pseudo, .rp-date, .rp-texte). Laissez vide : l'arbitre les trouve seul dans la plupart des thèmes.",
  markupPost: "Bloc d'un message",
  markupAuthor: "Auteur, dans le bloc",
  markupDate: "Date, dans le bloc",
  markupMessage: "Texte du message, dans le bloc",
  markupAll: "indiquez les quatre sélecteurs, ou aucun.",
  diceName: "Nom du dé",
  diceFaces: "Images des faces",
  badFaceLine: (line: number) =>
    `ligne ${line} : écrivez l'image de la face puis sa valeur, par exemple « de-duel-4.png = 4 ».`,
  facesWithoutName: "donnez aussi le nom du dé.",
  badDuration: "durée illisible : écrivez par exemple « 2 minutes » ou « 5 minutes ».",
  submit: "Enregistrer la source",
  /** The connection test. */
  test: {
    button: "Tester la connexion",
    noSource: "Enregistrez d'abord l'adresse du forum.",
    notHere: "Cette installation ne lit pas de forum Forumactif.",
    boardOk: (baseUrl: string) => `Le forum ${baseUrl} répond par une page Forumactif.`,
    boardKo: (reason: string) => `Le forum ne répond pas comme attendu : ${reason}.`,
    accountOk: (username: string) => `Le compte robot « ${username} » se connecte.`,
    accountKo: (username: string, reason: string) =>
      `Le compte robot « ${username} » ne se connecte pas : ${reason}.`,
    noAccount: "Pas de compte robot : seuls les sujets visibles des invités se liront.",
  },
  /** The board's script that pings the referee when a topic is shown (`ping.js`). */
  script: {
    title: "Lecture en temps réel (facultatif)",
    intro:
      "Sans script, chaque sujet suivi est relu à l'intervalle choisi. Avec ce script, chaque affichage d'un sujet signale seulement son numéro : l'arbitre relit ce sujet dans la minute. Il n'envoie aucun contenu et ne donne aucun pouvoir.",
    where:
      "Panneau d'administration de Forumactif → Modules → HTML et JavaScript → Gestion des codes JavaScript → Créer un nouveau JavaScript, placement « Sur les sujets » ; collez-y ce code tel quel :",
    served: "Le même script, servi par l'arbitre :",
  },
  /** The preview of a topic. */
  preview: {
    title: "Aperçu d'un sujet",
    intro:
      "Lisez un sujet maintenant, tel que l'arbitre le lirait : rien n'est enregistré, aucun duel n'est touché.",
    topic: "Sujet à lire (son numéro ou son adresse)",
    button: "Lire ce sujet",
    summary: (template: string, pages: number, posts: number) =>
      `Version du forum : ${template} · ${pages} page(s) lue(s) · ${posts} message(s)`,
    allRead: "Chaque message se lit : auteur, date et texte ont été trouvés.",
    someUnread: (count: number) =>
      `${count} message(s) ne se lisent pas : la colonne « Problème » dit ce qui n'a pas été trouvé.`,
    columns: {
      id: "Message",
      author: "Auteur",
      createdAt: "Date",
      words: "Mots",
      recap: "Récapitulatif lu",
      problem: "Problème",
    },
    guest: "invité",
    noRecap: "aucun",
    recapFrom: { block: "bloc [duel]", free: "sans balises" },
    recoverWand: "récupérer sa baguette",
    target: (text: string) => `cible : ${text}`,
    zone: (text: string) => `zone : ${text}`,
    bet: (text: string) => `pari : ${text}`,
    unknown: (texts: string) => `inconnu : ${texts}`,
    none: "—",
  },
} as const;
