/**
 * Every French sentence the service writes, one file per audience, so that a translator or a
 * proofreader finds them all here (STYLE.md 13). `format.ts` holds the French grammar and Paris
 * dates they share. Code imports the audience it speaks to; `french` lists them all by key.
 */
import { announceTexts } from "./announce.js";
import { detailFields, eventLabels, valueLabels } from "./audit.js";
import { monthNames, weekdayNames } from "./calendar.js";
import { clubTexts } from "./club.js";
import { decisionTexts } from "./decisions.js";
import { commandTexts, fieldLabels, formTexts, ui } from "./desk.js";
import { announcementTexts } from "./desk-announcements.js";
import { credentialTexts } from "./desk-credentials.js";
import { forumactifCardTexts } from "./desk-forumactif.js";
import { forumTexts } from "./desk-forums.js";
import { registerTexts } from "./desk-register.js";
import { sourceFormTexts } from "./desk-source.js";
import { cardTexts, deskBoardTexts, tourTexts } from "./duel-card.js";
import { openingBlockTexts, openingHibouTexts } from "./duel-opening.js";
import { errorTexts } from "./errors.js";
import { forumactifTexts } from "./forumactif.js";
import { texts as hibouTexts } from "./hiboux.js";
import { duelistTexts } from "./hiboux-duelists.js";
import { notifierTexts } from "./notifiers.js";
import { refereeMessages } from "./referee-commands.js";
import { refusalTexts } from "./refusals.js";
import { rulesInFrench, rulesTexts } from "./rules.js";
import { magicRules } from "./rules-magic.js";
import { sourcePreviewTexts } from "./source-preview.js";
import { validationTexts } from "./validation.js";

export const french = {
  /** The hiboux: to the referee ("vous") and to the duelists ("tu"). */
  hiboux: hibouTexts,
  /** The hiboux written to one duelist alone: their own defence, an attack now waiting, their absence, their ban. */
  hibouxToDuelists: duelistTexts,
  /** The hibou of an `[arbitre]duel : …` that opened no duel, and the parser's problems it lists. */
  duelOpening: { hibou: openingHibouTexts, block: openingBlockTexts },
  /** The Forumactif poller's hiboux to the referee, and the reasons they give. */
  forumactif: forumactifTexts,
  /** Why a Forumactif topic's preview reads nothing, said to the forum's admin (API and desk). */
  sourcePreview: sourcePreviewTexts,
  /** The club's public records: its page, embed and CSV (CONTRACT.md 8). */
  club: clubTexts,
  /** The duel in the board (CONTRACT.md 9): its card, the turn's page, the desk's code to paste. */
  board: { card: cardTexts, tour: tourTexts, desk: deskBoardTexts },
  /** The club's rules page (`/regles`): its words, and every rule's statement from a ruleset. */
  rules: { page: rulesTexts, of: rulesInFrench, magic: magicRules },
  /** The bot's lines in a duel's thread. */
  announce: announceTexts,
  /** The referee desk's pages, forms and flashes. */
  desk: {
    ui,
    commands: commandTexts,
    fields: fieldLabels,
    forms: formTexts,
    forums: forumTexts,
    register: registerTexts,
    credentials: credentialTexts,
    announcements: announcementTexts,
    forumactifCard: forumactifCardTexts,
    source: sourceFormTexts,
  },
  /** The audit log's event labels, detail fields and values. */
  audit: { events: eventLabels, details: detailFields, values: valueLabels },
  /** What the referee reads when a line of an `[arbitre]` block is not understood. */
  refereeCommands: refereeMessages,
  /** Delivery errors on the status page, and the text a forum's members see. */
  notifiers: notifierTexts,
  /** Error answers, keyed by their `code` (CONTRACT.md section 2). */
  errors: errorTexts,
  /** The decider's refusals, keyed by their `code` (CONTRACT.md section 2). */
  refusals: refusalTexts,
  /** The words the decider writes into its events (an ignored post's reason, a question's detail). */
  decisions: decisionTexts,
  /** The days and months of a Paris date. */
  calendar: { weekdays: weekdayNames, months: monthNames },
  /** A bad field's `details` message, and why an address is refused. */
  validation: validationTexts,
} as const;
