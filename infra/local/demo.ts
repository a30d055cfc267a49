// Node 20 is the supported local runtime (Lambda runs 22): the SDK's notice about it is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";

import { demoOutcome, playDemoDuel, startDemoStack } from "./demo-duel.js";

/** `npm run demo`: a whole duel on a private local stack (in memory, manual clock), then the referee's hiboux. */
async function main(): Promise<void> {
  const stack = await startDemoStack();
  try {
    console.log("Démonstration : un duel complet à travers l'API HTTP, webhooks signés, horloge manuelle.\n");
    const result = await playDemoDuel({
      url: stack.url,
      adminToken: stack.adminToken,
      say: (line) => console.log(line),
    });
    console.log(`\n${demoOutcome(result.duel)}`);
    const toReferee = result.notifications.filter((n) => n.to.role === "referee");
    console.log(`\nHiboux reçus par l'arbitre (${toReferee.length}) :\n`);
    for (const n of toReferee) {
      console.log(`── ${n.title}${n.deliveredAt ? "" : "  (pas encore parti)"}`);
      console.log(`${n.text}\n`);
    }
  } finally {
    await stack.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
