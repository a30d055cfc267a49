import * as z from "zod";
import { validationTexts } from "../texts/validation.js";
import { durationMs, isDuration } from "../time/duration.js";
import { isValidTimeZone, PARIS } from "../time/zoned-time.js";
import { channelUrlProblem, type DestinationPolicy } from "../validation/channel-urls.js";
import { selectorProblem } from "./selector.js";
import { TEMPLATE_VERSIONS, type TemplateVersion } from "./types.js";

/** Polls closer than this would make the referee an impolite guest of the board. */
const MIN_POLL_MS = 30_000;

/**
 * Why a board's address is refused, in French; undefined when it may be read. Where a board may be
 * read from is the hiboux' policy (CONTRACT.md section 3, `validation/channel-urls.ts`): public
 * `https` hosts only when deployed (a loopback, private or link-local address would let a forum admin
 * make the referee read the cloud's own network), loopback too in the local stack. The reads
 * themselves connect only to checked addresses (`BoardClient`'s guarded transport).
 */
export function baseUrlProblem(url: string, policy: DestinationPolicy): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return validationTexts.forumactif.invalidAddress;
  }
  if (parsed.username || parsed.password) return validationTexts.forumactif.addressCredentials;
  if (parsed.search || parsed.hash) return validationTexts.forumactif.addressOnly;
  return channelUrlProblem("forumactif", url, policy);
}

/** The board's address as the poller joins paths to it: no trailing slash. */
export function boardBase(url: string): string {
  return url.replace(/\/+$/, "");
}

/** A CSS selector of `source.markup`, refused at save when the reader could not use it. */
function selector() {
  return z
    .string()
    .min(1)
    .max(300)
    .superRefine((text, ctx) => {
      if (selectorProblem(text) !== null) {
        ctx.addIssue({ code: "custom", message: validationTexts.forumactif.selector(text) });
      }
    });
}

/** The `source` of a forum's settings as `PUT /forums/{forumId}` reads it (CONTRACT.md 4.4). */
export function forumactifSourceSchema(policy: DestinationPolicy) {
  return z
    .object({
      type: z.literal("forumactif"),
      baseUrl: z
        .string()
        .max(300)
        .superRefine((url, ctx) => {
          const refusal = baseUrlProblem(url, policy);
          if (refusal) ctx.addIssue({ code: "custom", message: refusal });
        })
        .transform(boardBase),
      timeZone: z
        .string()
        .max(64)
        .refine(isValidTimeZone, { message: validationTexts.forumactif.timeZone })
        .default(PARIS),
      template: z.enum(TEMPLATE_VERSIONS as unknown as [TemplateVersion, ...TemplateVersion[]]).optional(),
      pollEvery: z
        .string()
        .refine(isDuration, { message: validationTexts.durationLike("PT2M") })
        .refine((d) => !isDuration(d) || durationMs(d) >= MIN_POLL_MS, {
          message: validationTexts.forumactif.pollAtLeast,
        })
        .refine((d) => !isDuration(d) || durationMs(d) <= 24 * 3_600_000, {
          message: validationTexts.forumactif.pollAtMost,
        })
        .default("PT2M"),
      dice: z
        .object({
          name: z.string().min(1).max(100),
          faces: z
            .record(z.string().min(1).max(500), z.number().int().min(1).max(100))
            .refine((faces) => Object.keys(faces).length > 0, {
              message: validationTexts.forumactif.facesAtLeast,
            })
            .refine((faces) => Object.keys(faces).length <= 100, {
              message: validationTexts.forumactif.facesAtMost,
            }),
        })
        .strict()
        .optional(),
      markup: z
        .object({ post: selector(), author: selector(), date: selector(), message: selector() })
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
