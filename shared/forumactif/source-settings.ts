import * as z from "zod";
import { durationMs, isDuration } from "../time/duration.js";
import { TEMPLATE_VERSIONS, type TemplateVersion } from "./types.js";

/** Polls closer than this would make the referee an impolite guest of the board. */
const MIN_POLL_MS = 30_000;

/**
 * Where a board may be read from. The deployed stack reads public `https` hosts only: a loopback,
 * private or link-local address would let a forum admin make the referee read the cloud's own
 * network. The local stack may read a board on loopback (a fake board, `npm start`).
 */
export interface BoardHostPolicy {
  readonly allowLoopback: boolean;
}

const PRIVATE_HOST =
  /^(localhost|.*\.localhost|.*\.local|.*\.internal|0\.0\.0\.0|127\.\d+\.\d+\.\d+|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|172\.(1[6-9]|2\d|3[01])\.\d+\.\d+|169\.254\.\d+\.\d+|\[.*\])$/i;
const LOOPBACK_HOST = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/i;

/** Why a board address is refused, in French; undefined when it may be read. */
export function boardUrlRefusal(url: string, policy: BoardHostPolicy): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "adresse invalide";
  }
  if (parsed.username || parsed.password) return "l'adresse ne doit pas contenir d'identifiants";
  if (parsed.search || parsed.hash) return "l'adresse du forum seule, sans « ? » ni « # »";
  const host = parsed.hostname;
  if (LOOPBACK_HOST.test(host) && policy.allowLoopback) return undefined;
  if (parsed.protocol !== "https:") return "adresse https:// attendue";
  if (PRIVATE_HOST.test(host) || !host.includes(".")) return "hôte public attendu";
  return undefined;
}

/** The board's address as the poller joins paths to it: no trailing slash. */
export function boardBase(url: string): string {
  return url.replace(/\/+$/, "");
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("fr-FR", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The `source` of a forum's settings as `PUT /forums/{forumId}` reads it (CONTRACT.md 4.4). */
export function forumactifSourceSchema(policy: BoardHostPolicy) {
  return z
    .object({
      type: z.literal("forumactif"),
      baseUrl: z
        .string()
        .max(300)
        .superRefine((url, ctx) => {
          const refusal = boardUrlRefusal(url, policy);
          if (refusal) ctx.addIssue({ code: "custom", message: refusal });
        })
        .transform(boardBase),
      timeZone: z
        .string()
        .max(64)
        .refine(isTimeZone, { message: "fuseau horaire IANA attendu (ex. Europe/Paris)" })
        .default("Europe/Paris"),
      template: z.enum(TEMPLATE_VERSIONS as unknown as [TemplateVersion, ...TemplateVersion[]]).optional(),
      pollEvery: z
        .string()
        .refine(isDuration, { message: "durée ISO-8601 attendue (ex. PT2M)" })
        .refine((d) => !isDuration(d) || durationMs(d) >= MIN_POLL_MS, {
          message: "30 secondes au moins entre deux lectures",
        })
        .refine((d) => !isDuration(d) || durationMs(d) <= 24 * 3_600_000, {
          message: "24 heures au plus entre deux lectures",
        })
        .default("PT2M"),
      dice: z
        .object({
          name: z.string().min(1).max(100),
          faces: z
            .record(z.string().min(1).max(500), z.number().int().min(1).max(100))
            .refine((faces) => Object.keys(faces).length > 0, { message: "une face au moins" })
            .refine((faces) => Object.keys(faces).length <= 100, { message: "100 faces au plus" }),
        })
        .strict()
        .optional(),
      account: z
        .object({ username: z.string().min(1).max(100), password: z.string().min(1).max(200) })
        .strict()
        .optional(),
    })
    .strict();
}

/** A forum's Forumactif source as stored (the account's password included: a secret, never returned). */
export type ForumactifSource = z.output<ReturnType<typeof forumactifSourceSchema>>;

/** The source as a GET shows it: the account's username only, never its password. */
export function sourceView(source: ForumactifSource) {
  const { account, ...rest } = source;
  return { ...rest, account: account ? { username: account.username } : null };
}
