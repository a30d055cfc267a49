import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { duelFace } from "../../test/support/forumactif/dice-markup.js";
import { FakeBoard } from "../../test/support/forumactif/fake-board.js";

/**
 * `npm run fake-forumactif`: the tests' fake Forumactif board on loopback, to point `npm start` at
 * (`FORUMACTIF_URL=<its address> npm start`), with a topic 1234 ready, and a small control API to
 * write in it as members would (the topic is listed in section 3, `/f3-…`):
 *
 *   POST /posts  {"topicId": "1234", "authorId": "42", "authorName": "Alice Dubois", "html": "…", "dice": [5, 3]}
 *   POST /edits  {"postId": "1001", "html": "…"}
 *   POST /deletions  {"postId": "1001"}
 *   POST /maintenance  {"on": true}
 */
async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  let text = "";
  for await (const chunk of req) text += String(chunk);
  const value: unknown = JSON.parse(text || "{}");
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
}

const text = (value: unknown, fallback = ""): string => (typeof value === "string" ? value : fallback);

async function main(): Promise<void> {
  const board = await FakeBoard.start({ template: "modernbb" });
  board.createTopic({ title: "Duel : Alice contre Bob", topicId: "1234", section: "3" });
  board.addPost("1234", {
    authorId: "99",
    authorName: "Rubeus Hagrid",
    html: "Le sujet du duel est ouvert.",
  });

  const control = createServer((req, res) => {
    readJson(req)
      .then((body) => {
        if (req.method !== "POST") throw new Error("POST attendu");
        if (req.url === "/posts") {
          const topicId = text(body.topicId, "1234");
          const authorName = text(body.authorName, "Alice Dubois");
          const post = board.addPost(topicId, {
            authorId: text(body.authorId, "42"),
            authorName,
            html: text(body.html),
          });
          if (Array.isArray(body.dice))
            board.addDiceRoll(topicId, authorName, [
              { dieName: "Duel", faceImages: body.dice.map(Number).map(duelFace) },
            ]);
          return post;
        }
        if (req.url === "/edits") return board.editPost(text(body.postId), text(body.html));
        if (req.url === "/deletions") return board.deletePost(text(body.postId));
        if (req.url === "/maintenance") return board.setMaintenance(body.on === true);
        throw new Error(`route inconnue : ${req.url ?? ""}`);
      })
      .then((result) =>
        res
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify(result ?? { ok: true })),
      )
      .catch((error: unknown) =>
        res.writeHead(400).end(error instanceof Error ? error.message : String(error)),
      );
  });
  await new Promise<void>((resolve) =>
    control.listen(Number(process.env.CONTROL_PORT ?? 0), "127.0.0.1", resolve),
  );
  const controlUrl = `http://127.0.0.1:${(control.address() as AddressInfo).port}`;
  console.log(
    [
      "Faux forum Forumactif prêt",
      `  Forum        ${board.url}   (sujet ${board.url}/t1234-duel)`,
      `  Contrôle     ${controlUrl}   (POST /posts, /edits, /deletions, /maintenance)`,
      `  Lancez       FORUMACTIF_URL=${board.url} npm start`,
      "Ctrl-C pour arrêter.",
    ].join("\n"),
  );
  const stop = () => {
    control.close();
    void board.close().then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
