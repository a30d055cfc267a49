export { formatDate, formatDay, formatDuration, formatPoints, spellName } from "../texts/format.js";
export { texts } from "../texts/hiboux.js";
export { type ComposeInput, composeHiboux, composeRevisedNotice } from "./compose.js";
export type { HibouDraft } from "./context.js";
