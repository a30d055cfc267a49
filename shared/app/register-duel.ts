import type { RegisterDuel } from "../domain/commands.js";
import { DomainError } from "../domain/errors.js";
import type { Actor } from "../domain/events.js";
import type { DuelState } from "../domain/state.js";
import type { TopicPoller } from "../forumactif/poller.js";
import { normalizeKey } from "../parsing/normalize.js";
import type { Clock } from "../ports/clock.js";
import type { DuelistStore } from "../ports/duelist-store.js";
import type { ForumConfig, ForumStore } from "../ports/forum-store.js";
import type { OutboxStore } from "../ports/outbox-store.js";
import { defaultRuleset } from "../rules/default-ruleset.js";
import type { Ruleset } from "../rules/ruleset.js";
import type { DuelService } from "./duel-service.js";
import { duelIdOf } from "./post-intake.js";

/** A duel to register, however it was asked for: `POST /duels`, the desk's form, the thread. */
export type DuelRegistration = Omit<RegisterDuel, "id" | "ruleset">;

export interface RegisterDeps {
  readonly store: ForumStore & DuelistStore & Pick<OutboxStore, "enqueue">;
  readonly duels: DuelService;
  readonly clock: Clock;
  /** A Forumactif forum sends nothing: its topic is read from registration on (CONTRACT.md 4.4). */
  readonly forumactif?: { readonly poller: Pick<TopicPoller, "watch"> };
}

/** A particularity as a registration may name it ("Legilimens", "legilimens", "Mage noir"). */
function particularityId(ruleset: Ruleset, name: string, index: number): string {
  const key = normalizeKey(name);
  const found = ruleset.particularities.find((p) =>
    [p.id, p.name, ...p.aliases].some((n) => normalizeKey(n) === key),
  );
  if (!found)
    throw new DomainError("invalid_body", `Particularité inconnue : ${name}.`, 400, [
      { path: `duelists.${index}.particularities`, message: name },
    ]);
  return found.id;
}

/**
 * Registers a duel through the decider's `register` command: the forum's checks at the
 * edge (the forum exists, the referee is one of its referees, particularities by name), then the
 * decider's own (two duelists at least, no one twice, no banned duelist …). Every way of asking
 * for a duel goes through here, so all give the same errors. `forum` is the forum already read, if
 * the caller read it; `dedupKeys` are the delivery's (a thread's opening post retried).
 */
export async function registerDuel(
  deps: RegisterDeps,
  body: DuelRegistration,
  options: {
    readonly forum?: ForumConfig | null;
    readonly dedupKeys?: readonly string[];
    /** Who asked (CONTRACT.md 3.1), named in the audit log; a thread's opening is the referee's. */
    readonly who?: Actor;
  } = {},
): Promise<DuelState> {
  const forum = options.forum === undefined ? await deps.store.getForum(body.forumId) : options.forum;
  if (!forum) throw new DomainError("forum_not_found", `Forum inconnu : ${body.forumId}.`, 404);
  if (forum.referees.length > 0 && !forum.referees.some((r) => r.id === body.referee.id)) {
    throw new DomainError(
      "unknown_referee",
      "Cet arbitre n'est pas un arbitre déclaré du forum (R-1.1).",
      400,
    );
  }
  const ruleset = forum.ruleset ?? defaultRuleset;
  const duelId = duelIdOf(body.forumId, body.threadId);
  const duel: RegisterDuel = {
    id: duelId,
    forumId: body.forumId,
    threadId: body.threadId,
    referee: body.referee,
    duelists: body.duelists.map((d, index) => ({
      id: d.id,
      name: d.name,
      year: d.year,
      particularities: (d.particularities ?? []).map((p) => ({
        name: particularityId(ruleset, p.name, index),
        rank: p.rank ?? 1,
      })),
      extraSpells: d.extraSpells ?? [],
    })),
    ...(body.firstDuelistId ? { firstDuelistId: body.firstDuelistId } : {}),
    ...(body.replyWindow ? { replyWindow: body.replyWindow } : {}),
    dice: body.dice,
    stakes: body.stakes ?? null,
    ruleset,
  };
  const bans = await deps.store.bansOf(
    body.forumId,
    body.duelists.map((d) => d.id),
  );
  const now = deps.clock.now().toISOString();
  const outcome = await deps.duels.execute(
    duelId,
    { type: "register", now, duel, bans, ...(options.who ? { who: options.who } : {}) },
    { inputId: "register", forumId: body.forumId, dedupKeys: options.dedupKeys ?? [] },
  );
  if (outcome.result !== "applied")
    throw new DomainError("duel_already_exists", "Un duel existe déjà pour ce fil.", 409);
  await deps.forumactif?.poller.watch(forum, duelId);
  return outcome.state;
}
