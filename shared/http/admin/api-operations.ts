import type { $ZodType } from "zod/v4/core";
import { refereeCommandBodySchema } from "../../domain/referee-actions.js";
import {
  clockBodySchema,
  discoursePostSchema,
  forumBodySchema,
  genericWebhookSchema,
  registerBodySchema,
  xenforoEnvelopeSchema,
} from "../schemas.js";
export type Auth = "admin" | "webhook" | "none";

export interface Operation {
  readonly method: "get" | "post" | "put";
  readonly path: string;
  readonly summary: string;
  readonly auth: Auth;
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
    path: "/webhooks/{forumId}/xenforo",
    summary: "Webhook XenForo 2.3 (secret XF-Webhook-Secret, HTTPS seulement ; JSON ou formulaire)",
    auth: "webhook",
    body: xenforoEnvelopeSchema,
    ok: { "200": "Message traité ou ignoré." },
  },
  {
    method: "put",
    path: "/forums/{forumId}",
    summary: "Créer ou modifier un forum",
    auth: "admin",
    body: forumBodySchema,
    ok: { "200": "Forum modifié.", "201": "Forum créé." },
  },
  {
    method: "get",
    path: "/forums/{forumId}",
    summary: "Lire un forum (sans ses secrets)",
    auth: "admin",
    ok: { "200": "Le forum." },
  },
  {
    method: "post",
    path: "/duels",
    summary: "Inscrire un duel (R-1.2)",
    auth: "admin",
    body: registerBodySchema,
    ok: { "201": "Le duel inscrit." },
  },
  {
    method: "get",
    path: "/duels",
    summary: "Lister les duels",
    auth: "admin",
    query: { status: "registered, active ou finished" },
    ok: { "200": "Les duels." },
  },
  {
    method: "get",
    path: "/duels/{duelId}",
    summary: "Lire un duel",
    auth: "admin",
    ok: { "200": "Le duel." },
  },
  {
    method: "post",
    path: "/duels/{duelId}/commands",
    summary: "Décision de l'arbitre (R-7.1)",
    auth: "admin",
    body: refereeCommandBodySchema,
    ok: { "200": "Résultat, événements et duel." },
  },
  {
    method: "get",
    path: "/duels/{duelId}/events",
    summary: "Journal d'audit du duel",
    auth: "admin",
    ok: { "200": "Les événements, du plus ancien au plus récent." },
  },
  {
    method: "get",
    path: "/duels/{duelId}/notifications",
    summary: "Hiboux du duel et leur remise",
    auth: "admin",
    ok: { "200": "Les hiboux." },
  },
  {
    method: "get",
    path: "/duelists/{forumId}/{userId}",
    summary: "Bannissement et duels d'un duelliste",
    auth: "admin",
    ok: { "200": "Le duelliste." },
  },
  {
    method: "get",
    path: "/status",
    summary: "Santé du stockage, des minuteurs et des hiboux",
    auth: "admin",
    ok: { "200": "En forme.", "503": "Un composant est en panne." },
  },
  {
    method: "post",
    path: "/_local/clock",
    summary: "Déplacer l'horloge (pile locale, CLOCK=manual)",
    auth: "admin",
    body: clockBodySchema,
    ok: { "200": "Nouvelle heure et minuteurs déclenchés." },
  },
];
