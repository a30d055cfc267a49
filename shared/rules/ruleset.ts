import * as z from "zod";
import { InvalidRulesetError } from "../errors.js";
import { validationTexts } from "../texts/validation.js";
import { isDuration } from "../time/duration.js";
import { replyWindowTooShort } from "./reply-window.js";
import { nameIssues } from "./ruleset-names.js";

/**
 * The ruleset's schemas. They are built on first use rather than at import: only a forum's custom
 * ruleset is ever validated (`PUT /forums/{id}`), while every function imports this module for its
 * types and `yearKey`; building them weighed on each cold start of the webhook, timer and relay
 * functions (bench/README.md), none of which validates a ruleset.
 */
function buildSchemas() {
  /** A school year 1–7, or an adult. */
  const yearSchema = z.union([
    z.literal(1),
    z.literal(2),
    z.literal(3),
    z.literal(4),
    z.literal(5),
    z.literal(6),
    z.literal(7),
    z.literal("adulte"),
  ]);

  const duration = z.string().refine(isDuration, { message: validationTexts.durationLike("PT72H, P5D") });
  const perYear = z.object({
    "1": z.number().int().min(0),
    "2": z.number().int().min(0),
    "3": z.number().int().min(0),
    "4": z.number().int().min(0),
    "5": z.number().int().min(0),
    "6": z.number().int().min(0),
    "7": z.number().int().min(0),
    adulte: z.number().int().min(0),
  });

  /**
   * The small vocabulary of spell effects the engine interprets. A spell is a list of these;
   * adding a spell to a forum is a data change.
   */
  const effectSchema = z.discriminatedUnion("type", [
    /** On hit, extra points of damage. */
    z.object({ type: z.literal("extra-damage"), amount: z.number().int().min(0) }),
    /** A modifier on a next defence roll: the target's on hit, the caster's at once. */
    z.object({
      type: z.literal("next-defence"),
      who: z.enum(["target", "self"]),
      modifier: z.number().int(),
    }),
    /** On hit, the target cannot attack on their next turn. */
    z.object({ type: z.literal("cannot-attack-next-turn") }),
    /** On hit, the target is disarmed. */
    z.object({ type: z.literal("disarm") }),
    /** The spell does not attack: its caster's attack die is not used. */
    z.object({ type: z.literal("no-attack") }),
    /** Cancels every spell pending against the caster. */
    z.object({ type: z.literal("cancel-pending") }),
  ]);

  const spellKindSchema = z.enum(["sortilège", "maléfice", "charme", "antisort"]);

  const spellSchema = z.object({
    id: z.string().regex(/^[a-z0-9-]+$/, { message: validationTexts.rulesetId }),
    name: z.string().min(1),
    aliases: z.array(z.string().min(1)).default([]),
    kind: spellKindSchema,
    level: z.number().int().min(1).max(8).optional(),
    pmCost: z.number().int().min(0).optional(),
    rule: z.string().regex(/^R-[0-9.a-z]+$/),
    effects: z.array(effectSchema),
  });

  /**
   * How a particularity behaves in a duel (R-5.2–R-5.7): unusable ones are refused, once-per-duel
   * ones are spent when declared, passive ones act on others' spells.
   */
  const particularitySchema = z.object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    name: z.string().min(1),
    aliases: z.array(z.string().min(1)).default([]),
    usage: z.enum(["unusable", "once-per-duel", "passive"]),
    power: z
      .enum(["read-next-move", "half-pm-malefice", "wandless-cast", "blocks-read-next-move"])
      .optional(),
    level: z.number().int().min(1).max(8).optional(),
    rule: z.string().regex(/^R-[0-9.a-z]+$/),
  });

  const rulesetSchema = z
    .object({
      name: z.string().min(1),
      startingPoints: perYear,
      actionFaultSanction: perYear,
      /** Sanction of the 1st, 2nd, 3rd… absence fault. */
      absenceSanctions: z
        .array(z.object({ points: z.number().int().min(0), disqualify: z.boolean().default(false) }))
        .min(1),
      actionFaultsBeforeSanction: z.number().int().min(1),
      delays: z.object({
        reply: duration,
        correction: duration,
        maxDerogation: duration,
        ban: duration,
        reminderBefore: duration,
      }),
      minWords: z.number().int().min(0),
      /** Highest spell level a year may cast. */
      maxLevel: perYear,
      /** PM pools by year; absent when the forum plays without PM. */
      pmPool: perYear.optional(),
      /** Names of the `récupérer sa baguette` action. */
      recoverWandNames: z.array(z.string().min(1)).min(1),
      spells: z.array(spellSchema).min(1),
      particularities: z.array(particularitySchema),
    })
    .superRefine((ruleset, ctx) => {
      const seen = new Set<string>();
      ruleset.spells.forEach((spell, i) => {
        if (seen.has(spell.id))
          ctx.addIssue({
            code: "custom",
            path: ["spells", i, "id"],
            message: validationTexts.duplicateSpell(spell.id),
          });
        seen.add(spell.id);
      });
      const min = replyWindowTooShort(ruleset.delays.reply, ruleset.delays.correction);
      if (min !== null)
        ctx.addIssue({
          code: "custom",
          path: ["delays", "reply"],
          message: validationTexts.replyWindowTooShort(min),
        });
      // A name must name one thing, or a post's meaning would hang on the arrays' order.
      for (const issue of nameIssues(ruleset))
        ctx.addIssue({ code: "custom", path: [...issue.path], message: issue.message });
    });

  return {
    yearSchema,
    perYear,
    effectSchema,
    spellKindSchema,
    spellSchema,
    particularitySchema,
    rulesetSchema,
  };
}

export type RulesetSchemas = ReturnType<typeof buildSchemas>;

let schemas: RulesetSchemas | undefined;

/** The ruleset's zod schemas, built once, on first use. */
export function rulesetSchemas(): RulesetSchemas {
  schemas ??= buildSchemas();
  return schemas;
}

export type Year = z.infer<RulesetSchemas["yearSchema"]>;
export type PerYear = z.infer<RulesetSchemas["perYear"]>;
export type Effect = z.infer<RulesetSchemas["effectSchema"]>;
export type Spell = z.infer<RulesetSchemas["spellSchema"]>;
export type Particularity = z.infer<RulesetSchemas["particularitySchema"]>;
export type Ruleset = z.infer<RulesetSchemas["rulesetSchema"]>;

/** Validates a forum's ruleset; an invalid one is refused with a message naming each bad field. */
export function loadRuleset(input: unknown): Ruleset {
  const parsed = rulesetSchemas().rulesetSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw new InvalidRulesetError(
    parsed.error.issues.map((issue) => ({
      path: issue.path.map(String).join(".") || "(racine)",
      message: issue.message,
    })),
  );
}

/** The key of a year in per-year tables. */
export function yearKey(year: Year): keyof PerYear {
  return year === "adulte" ? "adulte" : (String(year) as keyof PerYear);
}
