import type { Recipient } from "../ports/notifier.js";
import { shortTitle } from "./format.js";

/**
 * Every French sentence the notifiers produce, in one place so they read as one voice:
 * delivery errors (shown on the status page) and the text a forum's members see.
 */
export const notifierTexts = {
  /** The local terminal's heading of a hibou (the `log` channel with its texts, CONTRACT.md 1). */
  terminalHeading: (name: string, role: "referee" | "duelist", duel: string, kind: string) =>
    `🦉 Hibou pour ${name} (${role === "referee" ? "arbitre" : "duelliste"}) · ${duel} · ${kind}`,
  timeout: (label: string, seconds: number) => `${label} : pas de réponse après ${seconds} s.`,
  unreachable: (label: string, reason: string) => `${label} : injoignable (${reason}).`,
  rateLimited: (label: string, retryAfterMs: number | undefined) =>
    retryAfterMs === undefined
      ? `${label} : trop de requêtes (429), nouvel essai plus tard.`
      : `${label} : trop de requêtes (429), nouvel essai dans ${Math.ceil(retryAfterMs / 1000)} s.`,
  serverError: (label: string, status: number) => `${label} : erreur du serveur (${status}).`,
  refused: (label: string, status: number) => `${label} : requête refusée (${status}).`,
  destinationRefused:
    "Destination refusée : les hiboux ne partent que vers des hôtes publics en https (adresse privée, locale ou interne refusée).",
  noWebhookSecret:
    "Webhook : aucun secret de signature (ni celui du canal, ni le secret générique du forum).",
  badWebhookSecret:
    "Webhook : le secret de signature n'est pas un secret Standard Webhooks valide (whsec_…).",
  noDiscourseUsername: (recipient: Recipient) =>
    `Discourse : pas de message privé possible, le destinataire ${recipient.name ?? recipient.id} n'a pas de nom d'utilisateur sur le forum.`,
  unknownChannel: (type: string) => `Canal de notification inconnu : ${type}.`,
  /** Discord's message line above the embed. */
  discordContent: (recipient: Recipient) =>
    `Hibou pour ${recipient.role === "referee" ? "l'arbitre " : ""}${recipient.name ?? recipient.id}`,
  /** Names the duel as its Discourse conversation does (the thread, its title where known), then the rule. */
  discordFooter: (threadId: string, rule: string | undefined, threadTitle?: string) => {
    const thread = threadTitle
      ? `Hiboux du duel « ${shortTitle(threadTitle)} » (sujet ${threadId})`
      : `Hiboux du duel (sujet ${threadId})`;
    return rule === undefined ? thread : `${thread} · règle ${rule}`;
  },
  /** Appended to a Discourse PM title too short for Discourse. */
  discourseTitleSuffix: " — hibou du club de duel",
  discourseDefaultTitle: "Hibou du club de duel",
  /** The title of a duel's one private conversation with a recipient. */
  discourseConversation: (threadId: string, recipient: string) =>
    `Hiboux du duel (sujet ${threadId}) pour ${recipient}`,
  /** A Forumactif PM's subject: the duel first, so the inbox tells one duel's hiboux from another's. */
  forumactifSubject: (duel: string | undefined, title: string) =>
    duel === undefined ? title : `${duel} — ${title.charAt(0).toLocaleLowerCase("fr")}${title.slice(1)}`,
  /** The last line of a Forumactif PM: the duel's topic, by its title where known, one click away. */
  forumactifThread: (url: string | undefined, threadTitle: string | undefined) => {
    const named = threadTitle ? `Le sujet du duel, « ${shortTitle(threadTitle)} »` : "Le sujet du duel";
    return url ? `${named} : ${url}` : `${named}.`;
  },
  noForumactifUsername: (recipient: Recipient) =>
    `Forumactif : pas de message privé possible, le destinataire ${recipient.name ?? recipient.id} n'a pas de nom d'utilisateur sur le forum.`,
  forumactifLoginRefused:
    "Forumactif : le compte du robot n'a pas pu se connecter (identifiant ou mot de passe refusé, ou messagerie privée fermée à ce compte).",
  forumactifNoAccount:
    "Forumactif : aucun compte robot pour envoyer ce hibou (ni dans le canal, ni dans le compte de la source du forum).",
  forumactifNoLoginForm: "Forumactif : formulaire de connexion introuvable sur le forum.",
  forumactifForeignForm:
    "Forumactif : le formulaire du forum envoie vers un autre site ; rien n'a été envoyé.",
  forumactifFlood: (seconds: number) =>
    `Forumactif : le forum demande d'attendre ${seconds} s entre deux messages du robot (contrôle anti-flood) ; rien n'a été envoyé, nouvel essai après l'attente. Faites du robot un modérateur des sections des duels pour qu'il n'attende plus.`,
  forumactifCaptcha:
    "Forumactif : le forum demande un code de confirmation (captcha) au compte du robot ; rien n'a été envoyé. Faites du robot un modérateur des sections des duels, ou retirez-lui la confirmation par code, puis relancez l'envoi.",
  forumactifUnknownRecipient: (name: string) =>
    `Forumactif : le forum ne connaît aucun membre nommé « ${name} » ; le message privé n'a pas été envoyé. Vérifiez le nom du destinataire sur le forum.`,
  forumactifMaintenance:
    "Forumactif : le forum est en maintenance ; rien n'a été envoyé, nouvel essai plus tard.",
  forumactifUnexpectedRetried:
    "Forumactif : réponse inattendue du forum après l'envoi ; nouvel essai, après vérification dans le sujet que la réponse n'y est pas déjà.",
  forumactifRedirectLoop: "Forumactif : le forum renvoie de page en page sans fin ; rien n'a été envoyé.",
  forumactifSessionLost: "Forumactif : la session du robot a expiré pendant l'envoi ; nouvel essai.",
  forumactifUnexpected:
    "Forumactif : réponse inattendue du forum après l'envoi ; le message n'est pas renvoyé, pour ne pas l'envoyer deux fois.",
} as const;
