import { DomainError } from "../errors.js";
import { replyWindowTooShort } from "../rules/reply-window.js";
import { errorTexts } from "../texts/errors.js";
import { validationTexts } from "../texts/validation.js";

/**
 * Refuses a duel's own reply window under the floor (R-6.1, `shared/rules/reply-window.ts`) with
 * 400 `invalid_body` naming the field, like any other invalid field: one check for every way of
 * registering a duel (`POST /duels`, the desk's form, the thread's `[arbitre]duel`).
 */
export function requireReplyWindow(window: string, correctionDelay: string): void {
  const min = replyWindowTooShort(window, correctionDelay);
  if (min === null) return;
  throw new DomainError("invalid_body", errorTexts.invalid_body.replyWindowTooShort(min), 400, [
    { path: "replyWindow", message: validationTexts.replyWindowTooShort(min) },
  ]);
}
