import { type Ruleset, rulesetSchema } from "./ruleset.js";

/**
 * The club's rules as data (RULES.md): starting points of `004`, the sanction table of `000`,
 * the eleven allowed spells with their effects, and the magical particularities of section 7.
 */
export const defaultRuleset: Ruleset = rulesetSchema.parse({
  name: "Club de duel — règlement du 11.03.2026",
  startingPoints: { "1": 15, "2": 20, "3": 25, "4": 30, "5": 35, "6": 40, "7": 50, adulte: 50 },
  actionFaultSanction: { "1": 1, "2": 2, "3": 2, "4": 2, "5": 3, "6": 3, "7": 3, adulte: 4 },
  absenceSanctions: [
    { points: 2, disqualify: false },
    { points: 4, disqualify: false },
    { points: 0, disqualify: true },
  ],
  actionFaultsBeforeSanction: 2,
  delays: { reply: "PT72H", correction: "PT30M", maxDerogation: "P5D", ban: "P6M", reminderBefore: "PT24H" },
  minWords: 100,
  maxLevel: { "1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, adulte: 8 },
  recoverWandNames: ["récupérer sa baguette", "récupérer baguette", "ramasser sa baguette", "recover wand"],
  spells: [
    { id: "feu", name: "Sortilège de Feu", aliases: ["Incendio"], kind: "sortilège", rule: "R-4.1", effects: [{ type: "extra-damage", amount: 2 }] },
    { id: "desarmement", name: "Sortilège de Désarmement", aliases: ["Expelliarmus"], kind: "sortilège", rule: "R-4.2", effects: [{ type: "disarm" }] },
    { id: "chatouillis", name: "Sortilège de Chatouillis", aliases: ["Rictusempra"], kind: "sortilège", rule: "R-4.3", effects: [] },
    { id: "decoupe", name: "Sortilège de Découpe", aliases: ["Diffindo"], kind: "sortilège", rule: "R-4.4", effects: [] },
    { id: "glace", name: "Sortilège de Glace", aliases: ["Glacius"], kind: "sortilège", rule: "R-4.5", effects: [] },
    {
      id: "pot-de-colle",
      name: "Maléfice du Pot de Colle",
      aliases: ["Colloshoo"],
      kind: "maléfice",
      rule: "R-4.6",
      effects: [{ type: "next-defence", who: "target", modifier: -2 }],
    },
    { id: "confusion", name: "Sortilège de Confusion", aliases: ["Confundo"], kind: "sortilège", rule: "R-4.7", effects: [{ type: "cannot-attack-next-turn" }] },
    { id: "chant", name: "Sortilège de Chant", aliases: ["Cantis"], kind: "sortilège", rule: "R-4.8", effects: [{ type: "cannot-attack-next-turn" }] },
    { id: "insectes", name: "Apparition d'insectes", aliases: ["Apparition des insectes"], kind: "sortilège", rule: "R-4.9", effects: [] },
    {
      id: "bouclier",
      name: "Charme du Bouclier",
      aliases: ["Protego"],
      kind: "charme",
      rule: "R-4.10",
      effects: [{ type: "no-attack" }, { type: "next-defence", who: "self", modifier: 3 }],
    },
    {
      id: "antisort",
      name: "Antisort Général",
      aliases: ["Finite Incantatem", "Finite"],
      kind: "antisort",
      rule: "R-4.11",
      effects: [{ type: "no-attack" }, { type: "cancel-pending" }],
    },
  ],
  particularities: [
    { id: "legilimens", name: "Legilimens", aliases: ["Légilimencie"], usage: "once-per-duel", power: "read-next-move", level: 8, rule: "R-5.3" },
    { id: "occlumens", name: "Occlumens", aliases: ["Occlumancie"], usage: "passive", power: "blocks-read-next-move", rule: "R-5.4" },
    { id: "mage-noir", name: "Mage Noir", aliases: [], usage: "once-per-duel", power: "half-pm-malefice", rule: "R-5.5" },
    { id: "magie-sans-baguette", name: "Magie sans baguette", aliases: ["Magie sans baguettes"], usage: "once-per-duel", power: "wandless-cast", rule: "R-5.6" },
    { id: "animagus", name: "Animagus", aliases: [], usage: "unusable", rule: "R-5.2" },
    { id: "metamorphomage", name: "Métamorphomage", aliases: [], usage: "unusable", rule: "R-5.2" },
    { id: "loup-garou", name: "Loup-Garou", aliases: ["Loup Garou"], usage: "unusable", rule: "R-5.2" },
    { id: "voyant", name: "Voyant", aliases: [], usage: "unusable", rule: "R-5.2" },
  ],
});
