import { isDeepStrictEqual } from "node:util";
import type * as z from "zod";
import { DomainError } from "../errors.js";
import { readSourceSettings, type SourceDeps } from "../forumactif/source-route.js";
import type { ForumactifSource } from "../forumactif/source-settings.js";
import type { forumBodySchema } from "../http/schemas.js";
import type { Clock } from "../ports/clock.js";
import type { ForumConfig, ForumStore } from "../ports/forum-store.js";
import type { ChannelConfig } from "../ports/notifier.js";
import { loadRuleset } from "../rules/ruleset.js";
import { errorTexts } from "../texts/errors.js";
import { channelUrlProblem, type DestinationPolicy, PUBLIC_ONLY } from "../validation/channel-urls.js";

/** A forum's settings as `PUT /forums/{id}` takes them, once validated by `forumBodySchema`. */
export type ForumBody = z.output<typeof forumBodySchema>;

/**
 * Stores a forum's settings (CONTRACT.md section 3), for the API and the desk alike: the ruleset
 * validated (`InvalidRulesetError` names its bad fields), the creation date kept.
 */
export async function saveForum(
  deps: {
    readonly store: ForumStore;
    readonly clock: Clock;
    readonly channelDestinations?: DestinationPolicy;
    readonly forumactif?: { readonly source: SourceDeps };
  },
  forumId: string,
  body: ForumBody,
  /** Called before a forum that does not exist yet is created: throws when the caller may not. */
  mayCreate: () => void = () => {},
): Promise<{ forum: ForumConfig; created: boolean }> {
  checkChannelUrls(body.notify, body.bot, deps);
  checkWebhookChannelSecrets(body.notify, body.webhookSecrets);
  const existing = await deps.store.getForum(forumId);
  const ruleset = rulesetToStore(body.ruleset, existing?.ruleset);
  if (!existing) mayCreate();
  const source = await readSourceSettings(body.source, deps.forumactif?.source);
  checkForumactifAccounts(body.notify, source);
  checkForumactifBot(body.bot, source);
  const now = deps.clock.now().toISOString();
  const forum: ForumConfig = {
    forumId,
    name: body.name,
    webhookSecrets: body.webhookSecrets,
    referees: body.referees,
    notify: body.notify,
    ...(body.announce ? { announce: body.announce } : {}),
    ...(body.announceRules ? { announceRules: true } : {}),
    ...(body.bot ? { bot: body.bot } : {}),
    ...(ruleset ? { ruleset } : {}),
    ...(source ? { source } : {}),
    ...(body.seasons && body.seasons.length > 0 ? { seasons: body.seasons } : {}),
    ...(body.club ? { club: body.club } : {}),
    createdAt: existing?.createdAt ?? now,
    updatedAt: now,
  };
  await deps.store.putForum(forum);
  return { forum, created: existing === null };
}

/**
 * The ruleset to store: the body's, validated (`InvalidRulesetError` names its bad fields), unless
 * it is the one already stored, sent back as it is (the desk's sections that do not edit it do so):
 * that one was accepted when it was saved, and a check added since (names that name two things,
 * shared/rules/ruleset-names.ts) must not stop the forum's name, referees or channels from being
 * saved. A changed ruleset meets every check of today.
 */
function rulesetToStore(sent: unknown, stored: ForumConfig["ruleset"]): ForumConfig["ruleset"] {
  if (sent === undefined) return undefined;
  if (stored !== undefined && isDeepStrictEqual(sent, stored)) return stored;
  return loadRuleset(sent);
}

/**
 * Refuses, with 400 naming the field, a channel that would send hiboux anywhere but `https` to a
 * public host (Discord's hosts for `discord`); loopback too where the composition allows it.
 */
function checkChannelUrls(
  channels: readonly ChannelConfig[],
  bot: ForumBody["bot"],
  deps: { readonly channelDestinations?: DestinationPolicy },
): void {
  const policy = deps.channelDestinations ?? PUBLIC_ONLY;
  const details = channels.flatMap((channel, i) => {
    if (channel.type === "log") return [];
    // Without its own account, a forumactif channel uses the source's, checked with the source.
    if (channel.type === "forumactif" && channel.baseUrl === undefined) return [];
    const [field, url] =
      channel.type === "discourse" || channel.type === "forumactif"
        ? ["baseUrl", channel.baseUrl ?? ""]
        : ["url", channel.url];
    const problem = channelUrlProblem(channel.type, url, policy);
    return problem === undefined ? [] : [{ path: `notify.${i}.${field}`, message: problem }];
  });
  // The thread bot's forum API is reached the same way, with the same limits.
  // A forumactif bot posts on the source's board, checked with the source.
  const botProblem =
    bot === undefined || bot.type === "forumactif"
      ? undefined
      : channelUrlProblem("webhook", bot.baseUrl, policy);
  if (botProblem !== undefined) details.push({ path: "bot.baseUrl", message: botProblem });
  refuseFields(details, (paths) => errorTexts.invalid_body.channelRefused(paths, details[0]?.message));
}

/**
 * A `webhook` channel signs each hibou with its own `secret`, else the forum's generic one: with
 * neither, every hibou on it would fail for good, so the save is refused with 400 naming the field.
 */
function checkWebhookChannelSecrets(
  channels: readonly ChannelConfig[],
  secrets: ForumBody["webhookSecrets"],
): void {
  if (secrets.generic) return;
  const details = channels.flatMap((channel, i) =>
    channel.type === "webhook" && !channel.secret
      ? [{ path: `notify.${i}.secret`, message: errorTexts.invalid_body.webhookChannelWithoutSecretDetail }]
      : [],
  );
  refuseFields(details, errorTexts.invalid_body.webhookChannelWithoutSecret);
}

/**
 * A `forumactif` channel without its own account sends with the forum's `source` account: refused,
 * with 400 naming the field, when the forum has none (CONTRACT.md section 3).
 */
function checkForumactifAccounts(
  channels: readonly ChannelConfig[],
  source: ForumactifSource | undefined,
): void {
  if (source?.account) return;
  const details = channels.flatMap((channel, i) =>
    channel.type === "forumactif" && channel.baseUrl === undefined
      ? [
          {
            path: `notify.${i}.username`,
            message: errorTexts.invalid_body.forumactifChannelWithoutAccountDetail,
          },
        ]
      : [],
  );
  refuseFields(details, errorTexts.invalid_body.forumactifChannelWithoutAccount);
}

/** A `forumactif` thread bot is the `source`'s account: refused, with 400, when the forum has none. */
function checkForumactifBot(bot: ForumBody["bot"], source: ForumactifSource | undefined): void {
  if (bot?.type !== "forumactif" || source?.account) return;
  throw new DomainError("invalid_body", errorTexts.invalid_body.forumactifBotWithoutAccount, 400, [
    { path: "bot.type", message: errorTexts.invalid_body.forumactifBotWithoutAccountDetail },
  ]);
}

/** Refuses the save with 400 `invalid_body` when `details` names bad fields, `summary` saying which. */
function refuseFields(
  details: readonly { readonly path: string; readonly message: string }[],
  summary: (paths: string) => string,
): void {
  if (details.length === 0) return;
  throw new DomainError("invalid_body", summary(details.map((d) => d.path).join(", ")), 400, [...details]);
}
