import { createNotifier } from "../../shared/adapters/notifiers/index.js";
import { adminTokenHashFromSecret } from "../../shared/aws/admin-token.js";
import { coreRuntime, env, jsonLog, newId, rollDice, systemClock } from "../../shared/aws/runtime.js";
import { createApp } from "../../shared/http/app.js";

/** The HTTP function's composition root: the same Hono app as locally, on AWS adapters. */
export function composeHttpApp(source: NodeJS.ProcessEnv = process.env) {
  const { store, duels } = coreRuntime(source);
  return createApp({
    store,
    // Credentials and sessions are read on every request, never cached (CONTRACT.md 3.1).
    access: store.accessStore(),
    duels,
    clock: systemClock,
    adminTokenHash: adminTokenHashFromSecret(env("ADMIN_TOKEN_SECRET_ARN", source), source),
    rollDice,
    newId,
    // The desk's "send a test hibou" (forum settings) delivers through the same notifiers as the relay.
    notifier: createNotifier(),
    log: jsonLog,
  });
}
