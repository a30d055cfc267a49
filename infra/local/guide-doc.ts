import { writeFile } from "node:fs/promises";
import { defaultRuleset } from "../../shared/rules/default-ruleset.js";
import { duelistGuide } from "./duelist-guide.js";

/** `npm run guide-doc`: writes docs/guide-duellistes.md from the default ruleset. */
async function main(): Promise<void> {
  await writeFile(new URL("../../docs/guide-duellistes.md", import.meta.url), duelistGuide(defaultRuleset));
  console.log("docs/guide-duellistes.md écrit.");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
