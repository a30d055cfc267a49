export { type ComposeInput, composeHiboux, composeRevisedNotice } from "./compose.js";
export type { HibouDraft } from "./context.js";
export { formatDate, formatDay, formatDuration, formatPoints, spellName } from "./format.js";
export { texts } from "./texts.js";
