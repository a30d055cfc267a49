import { openingHibouTexts } from "../texts/duel-opening.js";

/**
 * The hibou a referee gets when their `[arbitre]duel : …[/arbitre]` opened no duel (CONTRACT.md 6):
 * its kind, beside the other templates' kinds, and its French texts (`shared/texts/duel-opening.ts`).
 */
export const openingTexts = { kind: "duel.opening-refused", ...openingHibouTexts } as const;
