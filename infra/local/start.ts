// Node 20 is the supported local runtime (Lambda runs 22): the SDK's notice about it is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
// The functions' logger, made readable in a terminal: indented JSON lines.
process.env.POWERTOOLS_DEV ??= "true";
// Whoever runs the pipeline here reads the hiboux in the terminal (`HIBOUX_LOG_TEXTS=0` hides them).
process.env.HIBOUX_LOG_TEXTS ??= "1";

import { tokenWeakness } from "../../shared/http/tokens.js";
import { LOCAL_DUEL_FACES } from "./local-dice.js";
import { PortTakenError } from "./ports.js";
import { type LocalStack, newWebhookSecret, startLocalStack } from "./stack.js";

/** A failure told to whoever started `npm start`, in French, without a stack trace. */
class StartError extends Error {}

/**
 * `npm start`: the whole pipeline on this machine on its embedded defaults (CONTRACT.md 1).
 * PORT (3000), ADMIN_TOKEN (generated), DATA_DIR (`.data/`, or `memory`), CLOCK (`system`|`manual`),
 * DYNAMODB_ENDPOINT (a DynamoDB already running, instead of the DynamoDB Local it starts) and
 * TABLE_NAME (`duel-referee`).
 */
async function main(): Promise<void> {
  const clock = process.env.CLOCK === "manual" ? "manual" : "system";
  if (process.env.CLOCK && !["manual", "system"].includes(process.env.CLOCK)) {
    throw new StartError(`CLOCK vaut « system » ou « manual », pas « ${process.env.CLOCK} ».`);
  }
  // A chosen admin token opens every forum: a weak one is refused before anything starts.
  const weakness = process.env.ADMIN_TOKEN ? tokenWeakness(process.env.ADMIN_TOKEN) : null;
  if (weakness) throw new StartError(`ADMIN_TOKEN refusé. ${weakness}`);
  const port = Number(process.env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new StartError(`PORT vaut un numéro de port (3000 par exemple), pas « ${process.env.PORT} ».`);
  }
  const endpoint = process.env.DYNAMODB_ENDPOINT;
  if (endpoint !== undefined && !/^https?:\/\/[^\s/]+\/?$/.test(endpoint)) {
    throw new StartError(
      `DYNAMODB_ENDPOINT vaut l'adresse d'un DynamoDB (http://localhost:8000 par exemple), pas « ${endpoint} ».`,
    );
  }
  const stack = await startLocalStack({
    port,
    // The referee's hiboux link to the duel's page on this desk (DESK_URL when it is reached otherwise).
    publicUrl: process.env.DESK_URL ?? `http://127.0.0.1:${port}`,
    ...(process.env.ADMIN_TOKEN ? { adminToken: process.env.ADMIN_TOKEN } : {}),
    dataDir: process.env.DATA_DIR ?? ".data",
    clock,
    ...(process.env.CLOCK_START ? { clockStart: process.env.CLOCK_START } : {}),
    ...(endpoint ? { dynamoEndpoint: endpoint } : {}),
    ...(process.env.TABLE_NAME ? { tableName: process.env.TABLE_NAME } : {}),
  });
  // From here on, a failure stops what was started (DynamoDB Local included) before exiting.
  running = stack;

  // A ready-to-use forum "local" on first start, so webhooks can be sent at once.
  let secrets: { generic: string; discourse: string } | null = null;
  if (!(await stack.store.getForum("local"))) {
    secrets = { generic: newWebhookSecret(), discourse: newWebhookSecret().slice(6) };
    const now = stack.clock.now().toISOString();
    await stack.store.putForum({
      forumId: "local",
      name: "Forum local",
      webhookSecrets: secrets,
      referees: [],
      notify: [{ type: "log" }],
      createdAt: now,
      updatedAt: now,
    });
  }

  // FORUMACTIF_URL: a forum "forumactif" read from that board (`npm run fake-forumactif` prints one).
  const board = process.env.FORUMACTIF_URL;
  if (board) {
    const now = stack.clock.now().toISOString();
    const existing = await stack.store.getForum("forumactif");
    await stack.store.putForum({
      forumId: "forumactif",
      name: "Forum Forumactif local",
      webhookSecrets: {},
      referees: existing?.referees ?? [],
      notify: [{ type: "log" }],
      source: {
        type: "forumactif",
        baseUrl: board.replace(/\/+$/, ""),
        timeZone: process.env.FORUMACTIF_TIME_ZONE ?? "Europe/Paris",
        pollEvery: process.env.FORUMACTIF_POLL_EVERY ?? "PT30S",
        dice: { name: "Duel", faces: LOCAL_DUEL_FACES },
      },
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
    });
  }

  const lines = [
    "",
    "Arbitre automatique du club de duel — pile locale prête",
    `  API             ${stack.url}`,
    `  Bureau arbitre  ${stack.url}/admin   (connexion avec ADMIN_TOKEN)`,
    `  Santé           ${stack.url}/healthz`,
    `  Webhooks        ${stack.url}/webhooks/local/generic   ${stack.url}/webhooks/local/discourse`,
    `  Horloge         ${clock}${clock === "manual" ? `  (POST ${stack.url}/_local/clock, avec le jeton)` : ""}`,
    stack.storage === "memory"
      ? "  Données         en mémoire : Java 17 est introuvable, rien ne sera gardé à l'arrêt (installez Java 17 pour garder les duels)"
      : endpoint
        ? `  Données         table ${process.env.TABLE_NAME || "duel-referee"} sur ${endpoint}`
        : `  Données         ${process.env.DATA_DIR ?? ".data"}`,
    stack.generatedToken
      ? `  ADMIN_TOKEN     ${stack.adminToken}   (généré ; fixez ADMIN_TOKEN pour le garder)`
      : "  ADMIN_TOKEN     (celui de l'environnement)",
    secrets
      ? `  Secret générique du forum "local"  ${secrets.generic}`
      : `  Forum "local" déjà configuré (secrets inchangés)`,
    secrets ? `  Secret Discourse du forum "local"  ${secrets.discourse}` : "",
    board ? `  Forum "forumactif" lu sur        ${board}` : "",
    "",
    "Ctrl-C pour arrêter.",
  ];
  console.log(lines.filter((l) => l !== "").join("\n"));

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log("\nArrêt…");
    await stack.stop();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

/** The stack once started: a failure after it stops it, so nothing is left running. */
let running: LocalStack | null = null;

/** What a failure to start says, in French, with what to do. */
function told(error: unknown): string {
  if (error instanceof PortTakenError) {
    return [
      `Le port ${error.port} est déjà pris (un autre npm start tourne peut-être).`,
      `Choisissez-en un autre, par exemple : PORT=${error.port + 1} npm start`,
    ].join("\n");
  }
  if (error instanceof StartError) return error.message;
  const detail = error instanceof Error ? error.message : String(error);
  return `Le démarrage a échoué : ${detail}`;
}

main().catch(async (error: unknown) => {
  console.error(told(error));
  await running?.stop().catch(() => {});
  process.exit(1);
});
