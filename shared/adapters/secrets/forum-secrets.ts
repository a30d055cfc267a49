import type { ForumConfig } from "../../ports/forum-store.js";

/** A forum's secrets by where they sit in its configuration (`webhookSecrets.generic`, `notify.2.apiKey`). */
export type SecretFields = Record<string, string>;

/** The fields of a channel, a bot or a source account that hold a credential. */
const CREDENTIALS = ["secret", "apiKey", "password"] as const;

type Plain = Record<string, unknown>;
const isPlain = (value: unknown): value is Plain => typeof value === "object" && value !== null;

/** Where a forum keeps secrets: its webhook secrets, its channels', its bot's and its source account's. */
function secretPaths(forum: ForumConfig): string[][] {
  const paths: string[][] = Object.keys(forum.webhookSecrets).map((name) => ["webhookSecrets", name]);
  forum.notify.forEach((channel, index) => {
    for (const field of CREDENTIALS) paths.push(["notify", String(index), field]);
    // A Discord webhook's address is its token: whoever has it posts in the channel.
    if (channel.type === "discord") paths.push(["notify", String(index), "url"]);
  });
  for (const field of CREDENTIALS) paths.push(["bot", field]);
  paths.push(["source", "account", "password"]);
  return paths;
}

const parentOf = (root: Plain, path: readonly string[]): Plain | undefined => {
  let node: unknown = root;
  for (const step of path.slice(0, -1)) node = isPlain(node) ? node[step] : undefined;
  return isPlain(node) ? node : undefined;
};

/**
 * The forum without its secrets, and its secrets apart (to be sealed): what is stored in the
 * item's `config` never holds one.
 */
export function splitSecrets(forum: ForumConfig): {
  readonly open: ForumConfig;
  readonly secrets: SecretFields;
} {
  const open = structuredClone(forum) as unknown as Plain;
  const secrets: SecretFields = {};
  for (const path of secretPaths(forum)) {
    const parent = parentOf(open, path);
    const name = path[path.length - 1] ?? "";
    const value = parent?.[name];
    if (parent === undefined || typeof value !== "string") continue;
    secrets[path.join(".")] = value;
    delete parent[name];
  }
  return { open: open as unknown as ForumConfig, secrets };
}

/**
 * The forum with its secrets put back where `splitSecrets` took them. Only the objects on the way
 * to a secret are copied (the forum is read on every delivery, and most of it holds none); the
 * rest is shared with `open`, which is left as it was.
 */
export function joinSecrets(open: ForumConfig, secrets: SecretFields): ForumConfig {
  const forum: Plain = { ...(open as unknown as Plain) };
  const copies = new Set<unknown>([forum]);
  for (const [where, value] of Object.entries(secrets)) {
    const path = where.split(".");
    let parent: Plain | undefined = forum;
    for (const step of path.slice(0, -1)) {
      const child: unknown = parent[step];
      if (!isPlain(child)) {
        parent = undefined;
        break;
      }
      if (!copies.has(child)) {
        const copy = Array.isArray(child) ? [...child] : { ...child };
        copies.add(copy);
        parent[step] = copy;
        parent = copy as Plain;
      } else parent = child;
    }
    if (parent !== undefined) parent[path[path.length - 1] ?? ""] = value;
  }
  return forum as unknown as ForumConfig;
}
