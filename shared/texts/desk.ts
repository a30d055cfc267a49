/**
 * Every French word the admin pages show, in one place so they read as one voice (STYLE.md 13).
 * The hiboux keep their own texts beside these (`hiboux.ts`); dates reuse `format.ts`'s Paris formatting.
 */
import type { RefereeAction } from "../domain/referee-actions.js";
import { duelNameTitled } from "./format.js";

export type CommandName = RefereeAction["command"];

/** « 1re », « 2e »: French ordinals as the club writes years and faults. */
export function ordinal(n: number): string {
  return n === 1 ? "1re" : `${n}e`;
}

export const ui = {
  appName: "Arbitre des duels",
  nav: { dashboard: "Tableau de bord", rules: "Règles", docs: "API", logout: "Se déconnecter" },
  roles: { operator: "opérateur", "forum-admin": "administrateur du forum", referee: "arbitre" },
  login: {
    title: "Connexion",
    intro:
      "Entrez votre jeton (celui de l'opérateur, de l'administrateur du forum ou d'arbitre) pour ouvrir le tableau de bord.",
    token: "Jeton d'administration",
    submit: "Se connecter",
    invalid: "Jeton invalide.",
    invalidWait: (seconds: number) =>
      `Jeton invalide. Trop d'essais : attendez ${seconds} s avant le prochain.`,
    throttled: (seconds: number) =>
      `Trop de tentatives de connexion : réessayez dans ${seconds} s. Chaque nouvel échec allonge l'attente.`,
  },
  dashboard: {
    title: "Tableau de bord",
    health: "Santé du service",
    storage: "Stockage",
    timers: "Minuteurs",
    hiboux: "Remise des hiboux",
    ok: "en forme",
    ko: "en panne",
    latency: (ms: number) => `${ms} ms`,
    openTimers: (n: number | null) => (n === null ? "nombre inconnu ici" : `${n} en attente`),
    delivery: (undelivered: number | null, failed: number | null) =>
      `${undelivered ?? "?"} en attente, ${failed ?? "?"} en échec`,
    active: "Duels en cours",
    registered: "Duels en attente du top",
    none: "Aucun.",
    finished: "Duels terminés",
    finishedLine: (result: string) => ` — ${result}`,
    bans: "Bannissements récents",
    noBans: "Aucun bannissement.",
    banUntil: (date: string) => `banni(e) jusqu'au ${date}`,
    banEnded: "bannissement terminé",
    liftBan: "Lever le bannissement",
    liftReason: "Motif de la levée",
    banLifted: "Bannissement levé.",
    whoOperator: (name: string) =>
      `Connecté(e) : ${name}, opérateur du service. Les duels de tous les forums.`,
    whoForum: (name: string, role: string, forum: string) =>
      `Connecté(e) : ${name}, ${role} de « ${forum} ». Les duels de ce forum seulement.`,
    settings: "Réglages du forum",
    forums: "Forums du service",
  },
  duel: {
    /**
     * A duel is named by its duelists, with its thread's title where known: « Alice Dubois contre
     * Bob Martin — « Duel au parc » ».
     */
    titled: duelNameTitled,
    thread: (threadId: string, forum: string) => `Fil ${threadId} du forum ${forum}`,
    openThread: "ouvrir le fil sur le forum",
    refreshing: "Cette page se met à jour toute seule ; elle attend si vous êtes en train d'écrire.",
    referee: "Arbitre",
    stakes: "Enjeux",
    status: {
      none: "inconnu",
      registered: "inscrit, en attente du top",
      active: "en cours",
      finished: "terminé",
    },
    turn: (n: number, name: string) => `Tour n° ${n} : à ${name} de jouer`,
    noTurn: "Aucun tour en cours.",
    result: "Résultat",
    winner: (name: string) => `Vainqueur : ${name}`,
    draw: "Match nul",
    resultReason: {
      points: "aux points",
      disqualification: "par disqualification",
      referee: "décision de l'arbitre",
    },
    duelists: "Duellistes",
    name: "Nom",
    year: "Année",
    points: "Points",
    faults: "Fautes",
    state: "État",
    faultCounts: (action: number, absence: number) => `${action} action · ${absence} absence`,
    duelistStatus: { active: "en lice", out: "hors du duel", disqualified: "disqualifié(e)" },
    /** A duelist's state once the duel is over. */
    endStatus: { won: "vainqueur", lost: "vaincu(e)", noWinner: "duel terminé sans vainqueur" },
    disarmed: "désarmé(e)",
    corrections: "Fenêtres de correction ouvertes",
    /** « Alice Dubois, message de 14 h 02 : pari manquant — à corriger avant le mardi 1er décembre 2026 à 14 h 32 ». */
    correction: (name: string, postTime: string, until: string, missing: string) =>
      `${name}, message ${postTime} : ${missing} — à corriger avant le ${until}`,
    faultList: "Fautes données",
    history: "Historique du fil",
    historyIntro:
      "Messages publiés dans le fil avant l'inscription du duel : ils sont montrés ici, jamais jugés (ni faute, ni disqualification, ni tour ; R-7.1).",
    historyPost: (postId: string) => `message ${postId}`,
    /** « Bob Martin : 1re faute d'action, tour 3 ». */
    fault: (name: string, nth: number, kind: string, turn: number | null | undefined) =>
      `${name} : ${ordinal(nth)} ${kind}${turn ? `, tour ${turn}` : ""}`,
    /** « Alice Dubois, tour 2 : message de 14 h 02 (cible manquante) ». */
    post: (name: string, turn: number, postTime: string, missing: string) =>
      `${name}, tour ${turn} : message ${postTime}${missing ? ` (${missing})` : ""}`,
    cancelled: "annulée",
    open: "Ouvrir le duel",
    log: "Journal d'audit",
    hiboux: "Hiboux envoyés",
    commands: "Décisions de l'arbitre",
    commandsIntro: "Chaque décision est enregistrée avec son motif (R-7.1) et suit le même chemin que l'API.",
  },
  missing: {
    words: "trop peu de mots",
    cible: "cible manquante",
    zone: "zone manquante",
    pari: "pari manquant",
  },
  log: {
    when: "Quand",
    what: "Événement",
    detail: "Détail",
    rule: "Règle",
    empty: "Rien encore.",
    older: (count: number) =>
      count === 1 ? "Voir l'événement plus ancien" : `Voir les ${count} événements plus anciens`,
  },
  hibou: {
    when: "Créé",
    to: "Destinataire",
    kind: "Sorte",
    text: "Texte",
    state: "Remise",
    role: { referee: "arbitre", duelist: "duelliste" },
    delivered: (date: string) => `remis le ${date}`,
    failed: (error: string) => `abandon : ${error}`,
    pending: (attempts: number) => `en attente (${attempts} tentative${attempts > 1 ? "s" : ""})`,
    empty: "Aucun hibou.",
  },
  time: {
    left: (span: string) => `il reste ${span}`,
    overdue: (span: string) => `échéance dépassée de ${span}`,
    deadline: (date: string) => `échéance le ${date}`,
    units: { days: "j", hours: "h", minutes: "min" },
  },
  docs: {
    title: "Documentation de l'API",
    intro:
      "Opérations décrites par le document OpenAPI, généré depuis les mêmes schémas zod que la validation.",
    document: "Document OpenAPI (JSON)",
    body: "Corps attendu (schéma JSON)",
    auth: {
      admin: "jeton (Authorization: Bearer)",
      webhook: "signature du webhook",
      none: "sans authentification",
    },
    roles: { operator: "opérateur", "forum-admin": "administrateur du forum", referee: "arbitre du forum" },
  },
  errors: {
    title: "Erreur",
    forbidden: "Requête refusée : jeton anti-CSRF manquant ou invalide. Rechargez la page et recommencez.",
    crossOrigin: "Requête refusée : elle ne vient pas de cette application.",
    unauthorized: "Jeton manquant, invalide ou révoqué : reconnectez-vous.",
    notFound: "Duel inconnu.",
    internal: "Erreur interne. Réessayez plus tard.",
    storage: "Stockage indisponible, réessayez dans un instant.",
    refused: (message: string) => `Commande refusée : ${message}`,
    reasonRequired: "indiquez le motif de votre décision (R-7.1).",
    badDuration: "durée illisible : écrivez par exemple « 3 jours » ou « 48 heures ».",
  },
} as const;

/** The referee commands of CONTRACT.md section 6, as the forms name them. */
export const commandTexts: Record<CommandName, { title: string; submit: string; done: string }> = {
  top: { title: "Donner le top", submit: "Donner le top", done: "Top donné." },
  correction: { title: "Correction (droit à l'erreur)", submit: "Corriger", done: "Correction enregistrée." },
  derogation: { title: "Dérogation", submit: "Accorder", done: "Dérogation accordée." },
  fault: { title: "Donner une faute", submit: "Donner la faute", done: "Faute donnée." },
  "cancel-fault": { title: "Annuler une faute", submit: "Annuler la faute", done: "Faute annulée." },
  "adjust-points": { title: "Ajuster les points", submit: "Ajuster", done: "Points ajustés." },
  disqualify: { title: "Disqualifier", submit: "Disqualifier", done: "Duelliste disqualifié(e)." },
  end: { title: "Terminer le duel", submit: "Terminer", done: "Duel terminé." },
  "cancel-disqualification": {
    title: "Annuler la disqualification",
    submit: "Annuler la disqualification",
    done: "Disqualification annulée.",
  },
  "cancel-end": {
    title: "Annuler la fin du duel",
    submit: "Reprendre le duel",
    done: "Fin du duel annulée.",
  },
  stakes: {
    title: "Enjeux",
    submit: "Enregistrer",
    done: "Enjeux enregistrés.",
  },
  announce: {
    title: "Annonces dans le fil",
    submit: "Appliquer",
    done: "Annonces dans le fil mises à jour.",
  },
};

/** The forms' field labels; error messages name the field by the same words. */
export const fieldLabels: Record<string, string> = {
  command: "Commande",
  reason: "Motif",
  firstDuelistId: "Premier à jouer",
  postId: "Message",
  "fields.cible": "Cible",
  "fields.zone": "Zone",
  "fields.pari": "Pari de dé",
  "fields.text": "Texte",
  enabled: "Annonces dans le fil",
  honoured: "Enjeux",
  fields: "Correction",
  duelistId: "Duelliste",
  duration: "Durée (ex. 3 jours, 48 heures)",
  kind: "Type de faute",
  eventId: "Faute",
  delta: "Variation de points (ex. -3)",
  winnerId: "Vainqueur",
};

export const formTexts = {
  firstDefault: "le premier inscrit",
  noWinner: "aucun (match nul)",
  announceOff: "arrêter les annonces dans le fil",
  announceOn: "reprendre les annonces dans le fil",
  stakesHonoured: "les enjeux ont été honorés",
  stakesNotHonoured: "les enjeux n'ont pas été honorés",
  kinds: { action: "faute d'action", absence: "faute d'absence" },
  duplicate: "Commande déjà appliquée : l'envoi en double a été ignoré.",
  choose: "— choisir —",
};
