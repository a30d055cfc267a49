import { composeRelayHandler } from "./compose.js";

export const handler = composeRelayHandler();
