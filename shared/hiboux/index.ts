export { spellName } from "../rules/ruleset-names.js";
export { formatDate, formatDay, formatDuration, formatPoints } from "../texts/format.js";
export { texts } from "../texts/hiboux.js";
export { type ComposeInput, composeHiboux, composeRevisedNotice, type Known } from "./compose.js";
export type { HibouDraft } from "./context.js";
