import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../infra/cdk/paths.js";

/**
 * The webhook function bundles zod/mini without zod classic, and zod/mini registers no locale of
 * its own (every issue would read "Invalid input"). In a fresh process that loads only the zod/mini
 * schemas, the 4xx `details` must still read in French, as they do beside zod classic.
 */
function messagesWithoutClassic(script: string): string[] {
  const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: PROJECT_ROOT,
    encoding: "utf8",
    timeout: 30_000,
  });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout.trim().split("\n").at(-1) ?? "null") as string[];
}

describe("zod/mini's schemas, without zod classic loaded", () => {
  it("CONTRACT 2 give the service's French messages for zod's checks, and ours where we wrote them", () => {
    const messages = messagesWithoutClassic(
      [
        'const w = await import("./shared/http/webhook-schemas.ts");',
        'const r = await import("./shared/domain/referee-actions.ts");',
        'if (globalThis.__zod_globalConfig?.localeError === undefined) { console.error("no locale"); process.exit(3); }',
        "const issues = [",
        '  ...w.genericWebhookSchema.safeParse({ type: "x", data: { threadId: "a/b", dice: [1, 9] } }).error.issues,',
        '  ...r.refereeActionSchema.safeParse({ command: "derogation", duelistId: "", duration: "3j" }).error.issues,',
        "];",
        "console.log(JSON.stringify(issues.map((i) => [i.path.join('.'), i.message].join(': '))));",
      ].join("\n"),
    );
    expect(messages).toEqual([
      "type: une valeur parmi « post.created », « post.edited », « post.deleted » attendue",
      "data.threadId: identifiant de fil invalide",
      "data.postId: champ manquant (texte attendu)",
      "data.author: champ manquant (objet attendu)",
      "data.createdAt: champ manquant (texte attendu)",
      "data.dice.1: 6 au plus",
      "duelistId: ne peut pas être vide",
      "duration: durée ISO-8601 attendue (ex. P3D)",
    ]);
  });
});
