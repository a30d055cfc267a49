import type { $ZodType } from "zod/v4/core";
import { refereeCommandBodySchema } from "../../domain/referee-actions.js";
import { sourcePreviewBodySchema } from "../routes/forumactif-admin.js";
import { banLiftSchema } from "../routes/forums.js";
import {
  clockBodySchema,
  credentialBodySchema,
  discoursePostSchema,
  forumBodySchema,
  genericWebhookSchema,
  registerBodySchema,
  xenforoEnvelopeSchema,
} from "../schemas.js";
export type Auth = "admin" | "webhook" | "none";

/** Who may call an operation with a Bearer token (CONTRACT.md 3.1), each within their forum. */
export type Role = "operator" | "forum-admin" | "referee";
const EVERYONE: readonly Role[] = ["operator", "forum-admin", "referee"];
const ADMINS: readonly Role[] = ["operator", "forum-admin"];

export interface Operation {
  readonly method: "get" | "post" | "put" | "delete";
  readonly path: string;
  readonly summary: string;
  readonly auth: Auth;
  /** For `admin` operations: the roles allowed. */
  readonly roles?: readonly Role[];
  readonly body?: $ZodType;
  readonly query?: Readonly<Record<string, string>>;
  readonly ok: Readonly<Record<string, string>>;
}

/** Every API route of app.ts, in CONTRACT.md's order, with the zod schema that validates its body. */
export const OPERATIONS: readonly Operation[] = [
  { method: "get", path: "/healthz", summary: "Le service répond", auth: "none", ok: { "200": "En vie." } },
  {
    method: "post",
    path: "/webhooks/{forumId}/generic",
    summary: "Webhook générique signé (Standard Webhooks)",
    auth: "webhook",
    body: genericWebhookSchema,
    ok: { "200": "Message traité ou ignoré." },
  },
  {
    method: "post",
    path: "/webhooks/{forumId}/discourse",
    summary: "Webhook Discourse signé (X-Discourse-Event-Signature)",
    auth: "webhook",
    body: discoursePostSchema,
    ok: { "200": "Message traité ou ignoré." },
  },
  {
    method: "post",
    path: "/webhooks/{forumId}/forumactif/ping",
    summary: "Signaler un sujet Forumactif à relire (aucun secret, limité)",
    auth: "none",
    ok: { "202": "Reçu : la lecture du sujet est avancée s'il est suivi (même réponse sinon)." },
  },
  {
    method: "get",
    path: "/forumactif/ping.js",
    summary: "Le script à coller dans la gestion des codes JavaScript de Forumactif",
    auth: "none",
    query: { forum: "identifiant du forum" },
    ok: { "200": "Le script." },
  },
  {
    method: "post",
    path: "/webhooks/{forumId}/xenforo",
    summary: "Webhook XenForo 2.3 (secret XF-Webhook-Secret, HTTPS seulement ; JSON ou formulaire)",
    auth: "webhook",
    body: xenforoEnvelopeSchema,
    ok: { "200": "Message traité ou ignoré." },
  },
  {
    method: "put",
    path: "/forums/{forumId}",
    summary: "Créer (opérateur) ou modifier (son administrateur) un forum",
    auth: "admin",
    roles: ADMINS,
    body: forumBodySchema,
    ok: { "200": "Forum modifié.", "201": "Forum créé." },
  },
  {
    method: "get",
    path: "/forums/{forumId}",
    summary: "Lire un forum (sans ses secrets)",
    auth: "admin",
    roles: EVERYONE,
    ok: { "200": "Le forum." },
  },
  {
    method: "post",
    path: "/forums/{forumId}/credentials",
    summary:
      "Émettre un jeton pour le forum : administrateur (opérateur seulement) ou arbitre ; montré une seule fois",
    auth: "admin",
    roles: ADMINS,
    body: credentialBodySchema,
    ok: { "201": "L'identifiant et le jeton, à conserver : il n'est plus jamais montré." },
  },
  {
    method: "get",
    path: "/forums/{forumId}/credentials",
    summary: "Lister les jetons du forum (qui, quel rôle ; jamais le jeton)",
    auth: "admin",
    roles: ADMINS,
    ok: { "200": "Les jetons du forum, du plus ancien au plus récent." },
  },
  {
    method: "delete",
    path: "/forums/{forumId}/credentials/{credentialId}",
    summary: "Révoquer un jeton du forum, à effet immédiat (ses sessions du bureau comprises)",
    auth: "admin",
    roles: ADMINS,
    ok: { "204": "Révoqué." },
  },
  {
    method: "delete",
    path: "/forums/{forumId}/bans/{duelistId}",
    summary: "Lever seul le bannissement d'un duelliste, avec un motif (R-7.1) ; sa disqualification reste",
    auth: "admin",
    roles: ADMINS,
    body: banLiftSchema,
    ok: {
      "200": "Bannissement levé dans chaque duel qui l'imposait.",
      "404": "Aucun bannissement en cours.",
    },
  },
  {
    method: "post",
    path: "/forums/{forumId}/poll",
    summary: "Lire maintenant les sujets Forumactif suivis du forum",
    auth: "admin",
    roles: ADMINS,
    ok: { "200": "Sujets lus, messages trouvés ; `resting` : jusqu'à quand le forum demande de patienter." },
  },
  {
    method: "post",
    path: "/forums/{forumId}/source/preview",
    summary: "Lire maintenant un sujet Forumactif tel que l'arbitre le lirait, sans rien enregistrer",
    auth: "admin",
    roles: ADMINS,
    body: sourcePreviewBodySchema,
    ok: {
      "200":
        "Le sujet : version du forum, pages lues, et chaque message (auteur, date, mots, récapitulatif).",
      "422": "Le sujet ne se lit pas (unreadable_topic) : la raison en français.",
    },
  },
  {
    method: "post",
    path: "/duels",
    summary: "Inscrire un duel (R-1.2)",
    auth: "admin",
    roles: EVERYONE,
    body: registerBodySchema,
    ok: { "201": "Le duel inscrit." },
  },
  {
    method: "get",
    path: "/duels",
    summary: "Lister les duels",
    auth: "admin",
    roles: EVERYONE,
    query: { status: "registered, active ou finished" },
    ok: { "200": "Les duels." },
  },
  {
    method: "get",
    path: "/duels/{duelId}",
    summary: "Lire un duel",
    auth: "admin",
    roles: EVERYONE,
    ok: { "200": "Le duel." },
  },
  {
    method: "post",
    path: "/duels/{duelId}/commands",
    summary: "Décision de l'arbitre (R-7.1)",
    auth: "admin",
    roles: EVERYONE,
    body: refereeCommandBodySchema,
    ok: { "200": "Résultat, événements et duel." },
  },
  {
    method: "get",
    path: "/duels/{duelId}/events",
    summary: "Journal d'audit du duel",
    auth: "admin",
    roles: EVERYONE,
    ok: { "200": "Les événements, du plus ancien au plus récent." },
  },
  {
    method: "get",
    path: "/duels/{duelId}/notifications",
    summary: "Hiboux du duel et leur remise",
    auth: "admin",
    roles: EVERYONE,
    ok: { "200": "Les hiboux." },
  },
  {
    method: "get",
    path: "/duelists/{forumId}/{userId}",
    summary: "Bannissement et duels d'un duelliste",
    auth: "admin",
    roles: EVERYONE,
    ok: { "200": "Le duelliste." },
  },
  {
    method: "get",
    path: "/status",
    summary: "Santé du stockage, des minuteurs et des hiboux",
    auth: "admin",
    // Every forum's counts and failing topics: the operator's only (CONTRACT.md 3.1).
    roles: ["operator"],
    ok: { "200": "En forme.", "503": "Un composant est en panne." },
  },
  {
    method: "post",
    path: "/_local/clock",
    summary: "Déplacer l'horloge (pile locale, CLOCK=manual)",
    auth: "admin",
    roles: ["operator"],
    body: clockBodySchema,
    ok: { "200": "Nouvelle heure et minuteurs déclenchés." },
  },
];
