import { createNotifier } from "../../shared/adapters/notifiers/index.js";
import { adminTokenHashFromParameter } from "../../shared/aws/admin-token.js";
import { forumactifRuntime } from "../../shared/aws/forumactif-runtime.js";
import { functionObservability, type Observability } from "../../shared/aws/observability.js";
import { coreRuntime, env, newId, rollDice, systemClock } from "../../shared/aws/runtime.js";
import { createApp } from "../../shared/http/app.js";

/** The HTTP function's composition root: the same Hono app as locally, on AWS adapters. */
export function composeHttpApp(
  observability: Observability = functionObservability("http"),
  source: NodeJS.ProcessEnv = process.env,
) {
  const core = coreRuntime(observability, source);
  const { store, duels } = core;
  // The board is probed within the function's 10 s: a board that slow is refused, said in French.
  const forumactif = forumactifRuntime(core, { timeoutMs: 5000 });
  return createApp({
    store,
    // Credentials and sessions are read on every request, never cached (CONTRACT.md 3.1).
    access: store.accessStore(),
    duels,
    clock: systemClock,
    adminTokenHash: adminTokenHashFromParameter(env("ADMIN_TOKEN_PARAMETER", source), source),
    rollDice,
    newId,
    // The desk's "send a test hibou" (forum settings) delivers through the same notifiers as the relay.
    notifier: createNotifier(),
    log: core.log,
    forumactif,
    forumactifPolls: forumactif.polls,
    ...(core.deskUrl ? { publicUrl: core.deskUrl } : {}),
  });
}
