import { type Context, Hono } from "hono";
import { deliveryForumOf } from "../../app/delivery-forum.js";
import { saveForum } from "../../app/forum-save.js";
import { DeliveryError, DomainError } from "../../errors.js";
import type { ForumConfig } from "../../ports/forum-store.js";
import type { Hibou, Recipient } from "../../ports/notifier.js";
import { forumTexts as t } from "../../texts/desk-forums.js";
import { errorTexts } from "../../texts/errors.js";
import { requireForumAdmin, requireOperator } from "../access.js";
import type { AppDeps } from "../deps.js";
import { forumIdSchema } from "../webhook-schemas.js";
import { csrfToken } from "./csrf.js";
import {
  addChannelSection,
  addedChannelField,
  clubSection,
  deskMessage,
  isSecretKind,
  nameSection,
  newSecret,
  refereesSection,
  removeChannelSection,
  rulesetSection,
  type SectionResult,
  secretSection,
} from "./forum-form.js";
import { ForumListPage } from "./forum-list-page.js";
import { ForumPage, type ForumPageNotes } from "./forum-page.js";
import { renderPage } from "./layout.js";
import { ErrorPage } from "./pages.js";
import { type Revealed, revealOnce, revealSession, takeRevealed } from "./reveal.js";
import type { AdminEnv } from "./session.js";
import { isSettingsPart, type SettingsPart, savedAt } from "./settings-parts.js";
import { mountSourceRoutes } from "./source-routes.js";

type Ctx = Context<AdminEnv>;
const csrfOf = (c: Ctx) => csrfToken(c.get("tokenHash"), c.get("sessionId"));
const settingsPath = (forumId: string) => `/admin/forums/${forumId}`;

/**
 * Who the test hibou is for: the forum's first referee, so that a channel that writes to a person
 * (a Discourse private message needs a login) is tried as a real hibou would be.
 */
function testRecipient(forum: ForumConfig): Recipient {
  const referee = forum.referees[0];
  if (!referee) return { role: "referee", id: "test", name: t.channels.testRecipient };
  return {
    role: "referee",
    id: referee.id,
    name: referee.name,
    ...(referee.username ? { username: referee.username } : {}),
  };
}

/** A save's refusal, field by field as its `details` name them (the message where none does). */
function savedFieldErrors(error: DomainError, fieldOf: (path: string) => string): Record<string, string> {
  const details = Array.isArray(error.details) ? (error.details as unknown[]) : [];
  const errors: Record<string, string> = {};
  for (const detail of details) {
    if (typeof detail !== "object" || detail === null || !("path" in detail)) continue;
    const message =
      "message" in detail && typeof detail.message === "string" ? detail.message : error.message;
    errors[fieldOf(String(detail.path))] ??= deskMessage(message);
  }
  return Object.keys(errors).length > 0 ? errors : { form: deskMessage(error.message) };
}

/** The forum id of the path, or null when it is not one. */
function forumIdOf(c: Ctx): string | null {
  const parsed = forumIdSchema.safeParse(c.req.param("forumId") ?? "");
  return parsed.success ? parsed.data : null;
}

/**
 * A forum's settings on the desk: each section's form changes one part of the
 * settings, checked by `PUT /forums`'s schema and stored by the same function; a refusal shows
 * the page again with each error next to its field. Secrets are generated here and shown once.
 */
export function forumSettingsRoutes(deps: AppDeps) {
  const app = new Hono<AdminEnv>();
  // A forum's settings are its admin's (and the operator's), CONTRACT.md 3.1.
  for (const path of ["/forums/:forumId", "/forums/:forumId/*"]) {
    app.use(path, async (c, next) => {
      requireForumAdmin(c.get("principal"), c.req.param("forumId") ?? "");
      await next();
    });
  }

  const page = async (
    c: Ctx,
    forumId: string,
    extra: {
      values?: Record<string, string>;
      errors?: Record<string, string>;
      notes?: ForumPageNotes;
      revealed?: Revealed | null;
      status?: 200 | 400;
      /** The part of the page the action answered in (settings-parts.tsx). */
      at?: SettingsPart;
    } = {},
  ) => {
    const forum = await deps.store.getForum(forumId);
    const refused = extra.errors !== undefined && Object.keys(extra.errors).length > 0;
    const saved = c.req.query("fait") === "saved";
    const part = c.req.query("partie");
    const at = extra.at ?? (saved && isSettingsPart(part) ? part : null);
    return renderPage(
      c,
      <ForumPage
        forumId={forumId}
        forum={forum}
        csrf={csrfOf(c)}
        values={extra.values ?? {}}
        errors={extra.errors ?? {}}
        notes={extra.notes ?? {}}
        revealed={extra.revealed ?? null}
        publicOrigin={deps.publicUrl ? new URL(deps.publicUrl).origin : new URL(c.req.url).origin}
        at={at}
        flash={refused ? { kind: "error", text: t.refused } : saved ? { kind: "ok", text: t.saved } : null}
      />,
      extra.status ?? 200,
    );
  };

  const notFound = (c: Ctx) =>
    renderPage(c, <ErrorPage message={errorTexts.forum_not_found} csrf={csrfOf(c)} />, 404);

  /** Stores a section's result and goes back to the page at its part, or shows the page with its errors there. */
  const apply = async (
    c: Ctx,
    forumId: string,
    at: SettingsPart,
    result: SectionResult,
    values: Record<string, string>,
    fieldOf: (path: string) => string = () => "form",
  ) => {
    if (!result.ok) return page(c, forumId, { values, errors: { ...result.errors }, status: 400, at });
    try {
      await saveForum(deps, forumId, result.body, () => requireOperator(c.get("principal")));
    } catch (error) {
      // What `saveForum` itself refuses (a channel's destination or secret) is shown beside its field.
      if (!(error instanceof DomainError) || error.status !== 400) throw error;
      return page(c, forumId, { values, errors: savedFieldErrors(error, fieldOf), status: 400, at });
    }
    return c.redirect(`${settingsPath(forumId)}${savedAt(at)}`, 303);
  };

  const formOf = async (c: Ctx) => {
    const form = await c.req.parseBody();
    const values = Object.fromEntries(
      Object.entries(form).flatMap(([k, v]) => (typeof v === "string" && k !== "_csrf" ? [[k, v]] : [])),
    );
    return { form, values };
  };

  // The operator sees every forum; a forum's admin goes to its settings, a referee to its duels.
  app.get("/forums", async (c) => {
    const principal = c.get("principal");
    if (principal.role === "forum-admin") return c.redirect(settingsPath(principal.forumId), 303);
    if (principal.role === "referee") return c.redirect("/admin", 303);
    const wanted = c.req.query("forum");
    if (wanted && forumIdSchema.safeParse(wanted).success) return c.redirect(settingsPath(wanted), 303);
    return renderPage(c, <ForumListPage forums={await deps.store.listForums()} csrf={csrfOf(c)} />);
  });

  // Creating a forum is the operator's (CONTRACT.md 3.1): its name now, the rest on its settings page.
  app.post("/forums", async (c) => {
    requireOperator(c.get("principal"));
    const { form, values } = await formOf(c);
    const refused = async (errors: Record<string, string>, status: 400 | 409) =>
      renderPage(
        c,
        <ForumListPage
          forums={await deps.store.listForums()}
          csrf={csrfOf(c)}
          values={values}
          errors={errors}
          flash={{ kind: "error", text: t.refused }}
        />,
        status,
      );
    const forumId = forumIdSchema.safeParse(values.forumId?.trim() ?? "");
    if (!forumId.success) return refused({ forumId: t.list.badForumId }, 400);
    if (await deps.store.getForum(forumId.data)) return refused({ forumId: t.list.exists }, 409);
    const result = nameSection(null, forumId.data, form);
    if (!result.ok) return refused({ ...result.errors }, 400);
    await saveForum(deps, forumId.data, result.body, () => requireOperator(c.get("principal")));
    return c.redirect(`${settingsPath(forumId.data)}?fait=saved`, 303);
  });

  app.get("/forums/:forumId", async (c) => {
    const forumId = forumIdOf(c);
    if (!forumId) return notFound(c);
    return page(c, forumId, { revealed: await takeRevealed(c, deps, settingsPath(forumId)) });
  });

  app.post("/forums/:forumId/name", async (c) => {
    const forumId = forumIdOf(c);
    if (!forumId) return notFound(c);
    const { form, values } = await formOf(c);
    return apply(
      c,
      forumId,
      "general",
      nameSection(await deps.store.getForum(forumId), forumId, form),
      values,
    );
  });

  app.post("/forums/:forumId/club", async (c) => {
    const forumId = forumIdOf(c);
    if (!forumId) return notFound(c);
    const { form, values } = await formOf(c);
    return apply(
      c,
      forumId,
      "club",
      clubSection(await deps.store.getForum(forumId), forumId, form),
      values,
      () => "boardOrigins",
    );
  });

  app.post("/forums/:forumId/referees", async (c) => {
    const forumId = forumIdOf(c);
    if (!forumId) return notFound(c);
    const { form, values } = await formOf(c);
    return apply(
      c,
      forumId,
      "referees",
      refereesSection(await deps.store.getForum(forumId), forumId, form),
      values,
    );
  });

  app.post("/forums/:forumId/ruleset", async (c) => {
    const forumId = forumIdOf(c);
    if (!forumId) return notFound(c);
    const { form, values } = await formOf(c);
    return apply(
      c,
      forumId,
      "ruleset",
      rulesetSection(await deps.store.getForum(forumId), forumId, form),
      values,
    );
  });

  app.post("/forums/:forumId/channels", async (c) => {
    const forumId = forumIdOf(c);
    if (!forumId) return notFound(c);
    const { form, values } = await formOf(c);
    const forum = await deps.store.getForum(forumId);
    return apply(
      c,
      forumId,
      "channels",
      addChannelSection(forum, forumId, form),
      values,
      addedChannelField(forum),
    );
  });

  app.post("/forums/:forumId/channels/:index/remove", async (c) => {
    const forumId = forumIdOf(c);
    const forum = forumId ? await deps.store.getForum(forumId) : null;
    const index = Number(c.req.param("index"));
    if (!forumId || !forum?.notify[index]) return notFound(c);
    return apply(c, forumId, "channels", removeChannelSection(forum, forumId, index), {});
  });

  // A new secret replaces the old one at once; it is shown once, on the GET this redirects to.
  app.post("/forums/:forumId/secrets/:kind", async (c) => {
    const forumId = forumIdOf(c);
    const kind = c.req.param("kind");
    if (!forumId || !isSecretKind(kind)) return notFound(c);
    const session = revealSession(c);
    const secret = newSecret(kind);
    const result = secretSection(await deps.store.getForum(forumId), forumId, kind, secret);
    if (!result.ok) return page(c, forumId, { errors: { ...result.errors }, status: 400, at: "secrets" });
    await saveForum(deps, forumId, result.body);
    return revealOnce(c, deps, session, settingsPath(forumId), { label: kind, secret }, "#secrets");
  });

  mountSourceRoutes(app, deps, page);

  // The test hibou goes straight to the channel, not through the outbox: the admin sees its answer now.
  app.post("/forums/:forumId/channels/:index/test", async (c) => {
    const forumId = forumIdOf(c);
    const forum = forumId ? await deps.store.getForum(forumId) : null;
    const index = Number(c.req.param("index"));
    const channel = forum?.notify[index];
    if (!forumId || !forum || !channel) return notFound(c);
    if (!deps.notifier)
      return page(c, forumId, {
        notes: { test: { ok: false, text: t.channels.noNotifier } },
        at: "channels",
      });
    const now = deps.clock.now().toISOString();
    const hibou: Hibou = {
      id: `test.${deps.newId()}`,
      duelId: `${forumId}.test`,
      forumId,
      threadId: "test",
      to: testRecipient(forum),
      kind: "test",
      title: t.channels.testTitle,
      text: t.channels.testText(forum.name),
      createdAt: now,
      eventId: "test",
    };
    const number = index + 1;
    try {
      await deps.notifier.deliver(hibou, channel, deliveryForumOf(forum));
      return page(c, forumId, {
        notes: { test: { ok: true, text: t.channels.delivered(number) } },
        at: "channels",
      });
    } catch (error) {
      const retryable = !(error instanceof DeliveryError) || error.retryable;
      const message = error instanceof Error ? error.message : String(error);
      return page(c, forumId, {
        notes: { test: { ok: false, text: t.channels.failed(number, message, retryable) } },
        at: "channels",
      });
    }
  });

  return app;
}
