import { composeTimerHandler } from "./compose.js";

export const handler = composeTimerHandler();
