import * as z from "zod/mini";
import "../validation/french-messages.js";
import { validationTexts } from "../texts/validation.js";
import { isDuration } from "../time/duration.js";

/**
 * The referee's decisions (CONTRACT.md section 6, R-7.1), as they arrive by the API or inside an
 * `[arbitre]…[/arbitre]` block of the referee's own post. Both reach the same decider. In zod/mini:
 * the webhook function validates the commands of a referee's post, and its bundle carries no zod
 * classic; the API and its OpenAPI document use the same schemas.
 */
const nonEmpty = () => z.string().check(z.minLength(1));

/*
 * Every id and text has a length limit: ids name stored items (a post's mark is keyed by its post
 * id, and DynamoDB refuses a sort key over 1024 bytes), and a command is stored whole in its input.
 * An id as long as the webhooks accept (128 characters, 512 bytes at most); a correction's text as
 * long as a long post (in UTF-8 below the 100,000 bytes a post may take, post-size.ts).
 */
const refId = () => z.string().check(z.minLength(1), z.maxLength(MAX_ID_LENGTH));
const field = () => z.string().check(z.minLength(1), z.maxLength(200));

/** The longest id a command may name (post, event, duelist). */
export const MAX_ID_LENGTH = 128;
/** The longest text a correction may carry (UTF-16 units: at most three UTF-8 bytes each). */
export const MAX_CORRECTION_TEXT = 30_000;

export const refereeActionSchema = z.discriminatedUnion("command", [
  z.object({ command: z.literal("top"), firstDuelistId: z.optional(refId()) }),
  z.object({
    command: z.literal("correction"),
    postId: refId(),
    fields: z.strictObject({
      cible: z.optional(field()),
      zone: z.optional(field()),
      pari: z.optional(field()),
      text: z.optional(nonEmpty().check(z.maxLength(MAX_CORRECTION_TEXT))),
    }),
  }),
  z.object({
    command: z.literal("derogation"),
    duelistId: refId(),
    duration: z
      .string()
      .check(z.maxLength(40), z.refine(isDuration, { message: validationTexts.durationLike("P3D") })),
  }),
  z.object({
    command: z.literal("fault"),
    duelistId: refId(),
    kind: z.enum(["action", "absence"]),
  }),
  z.object({ command: z.literal("cancel-fault"), eventId: refId() }),
  z.object({ command: z.literal("disqualify"), duelistId: refId() }),
  z.object({ command: z.literal("adjust-points"), duelistId: refId(), delta: z.int() }),
  z.object({ command: z.literal("end"), winnerId: z.nullable(refId()) }),
  // The last word: a disqualification, whatever its cause, or the referee's end, undone.
  z.object({ command: z.literal("cancel-disqualification"), duelistId: refId() }),
  z.object({ command: z.literal("cancel-end") }),
  // Whether the forum's bot posts this duel's verdicts in its thread (CONTRACT.md 3, `announce`).
  z.object({ command: z.literal("announce"), enabled: z.boolean() }),
  // Whether the stakes of a finished duel were honoured (R-1.7; CONTRACT.md 8): the club's record.
  z.object({ command: z.literal("stakes"), honoured: z.boolean() }),
]);
export type RefereeAction = z.infer<typeof refereeActionSchema>;

/** A referee command as the API receives it: the action plus an optional reason, recorded. */
export const refereeCommandBodySchema = z.intersection(
  refereeActionSchema,
  z.object({ reason: z.optional(z.string().check(z.maxLength(2000))) }),
);
export type RefereeCommandBody = z.infer<typeof refereeCommandBodySchema>;
