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

export const refereeActionSchema = z.discriminatedUnion("command", [
  z.object({ command: z.literal("top"), firstDuelistId: z.optional(nonEmpty()) }),
  z.object({
    command: z.literal("correction"),
    postId: nonEmpty(),
    fields: z.strictObject({
      cible: z.optional(nonEmpty()),
      zone: z.optional(nonEmpty()),
      pari: z.optional(nonEmpty()),
      text: z.optional(nonEmpty()),
    }),
  }),
  z.object({
    command: z.literal("derogation"),
    duelistId: nonEmpty(),
    duration: z.string().check(z.refine(isDuration, { message: validationTexts.durationLike("P3D") })),
  }),
  z.object({
    command: z.literal("fault"),
    duelistId: nonEmpty(),
    kind: z.enum(["action", "absence"]),
  }),
  z.object({ command: z.literal("cancel-fault"), eventId: nonEmpty() }),
  z.object({ command: z.literal("disqualify"), duelistId: nonEmpty() }),
  z.object({ command: z.literal("adjust-points"), duelistId: nonEmpty(), delta: z.int() }),
  z.object({ command: z.literal("end"), winnerId: z.nullable(nonEmpty()) }),
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
