// Node 20 is the supported local runtime (Lambda runs 22): the SDK's notice about it is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";

import { writeFile } from "node:fs/promises";
import { playDemoDuel, startDemoStack } from "./demo-duel.js";
import { demoStory, playHibouScenarios } from "./hibou-scenarios.js";
import { hibouxDocument } from "./hiboux-document.js";

/** `npm run hiboux-doc`: plays the demo duel and the extra stories on a private stack, writes docs/HIBOUX.md. */
async function main(): Promise<void> {
  const stack = await startDemoStack();
  try {
    const base = { url: stack.url, adminToken: stack.adminToken, store: stack.store };
    const demo = await playDemoDuel(base);
    const stories = [await demoStory(stack.store, demo), ...(await playHibouScenarios(base))];
    await writeFile(new URL("../../docs/HIBOUX.md", import.meta.url), hibouxDocument(stories));
    console.log(`docs/HIBOUX.md : ${stories.reduce((n, s) => n + s.hiboux.length, 0)} hiboux.`);
  } finally {
    await stack.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
