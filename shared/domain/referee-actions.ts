import * as z from "zod";
import { isDuration } from "../time/duration.js";

/**
 * The referee's decisions (CONTRACT.md section 6, R-7.1), as they arrive by the API or inside an
 * `[arbitre]…[/arbitre]` block of the referee's own post. Both reach the same decider.
 */
export const refereeActionSchema = z.discriminatedUnion("command", [
  z.object({ command: z.literal("top"), firstDuelistId: z.string().min(1).optional() }),
  z.object({
    command: z.literal("correction"),
    postId: z.string().min(1),
    fields: z
      .object({
        cible: z.string().min(1).optional(),
        zone: z.string().min(1).optional(),
        pari: z.string().min(1).optional(),
        text: z.string().min(1).optional(),
      })
      .strict(),
  }),
  z.object({
    command: z.literal("derogation"),
    duelistId: z.string().min(1),
    duration: z.string().refine(isDuration, { message: "durée ISO-8601 attendue (ex. P3D)" }),
  }),
  z.object({
    command: z.literal("fault"),
    duelistId: z.string().min(1),
    kind: z.enum(["action", "absence"]),
  }),
  z.object({ command: z.literal("cancel-fault"), eventId: z.string().min(1) }),
  z.object({ command: z.literal("disqualify"), duelistId: z.string().min(1) }),
  z.object({ command: z.literal("adjust-points"), duelistId: z.string().min(1), delta: z.number().int() }),
  z.object({ command: z.literal("end"), winnerId: z.string().min(1).nullable() }),
]);
export type RefereeAction = z.infer<typeof refereeActionSchema>;

/** A referee command as the API receives it: the action plus an optional reason, recorded. */
export const refereeCommandBodySchema = z.intersection(
  refereeActionSchema,
  z.object({ reason: z.string().max(2000).optional() }),
);
export type RefereeCommandBody = z.infer<typeof refereeCommandBodySchema>;
