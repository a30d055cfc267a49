import type { Context, Hono } from "hono";
import { saveForum } from "../../app/forum-save.js";
import { checkSource, previewSource } from "../../app/source-preview.js";
import { AppError } from "../../errors.js";
import { sourceFormTexts as t } from "../../texts/desk-source.js";
import type { AppDeps } from "../deps.js";
import { forumBodySchema } from "../schemas.js";
import { forumIdSchema } from "../webhook-schemas.js";
import { currentBody, deskMessage } from "./forum-form.js";
import type { ForumPageNotes } from "./forum-page.js";
import type { AdminEnv } from "./session.js";
import { type SettingsPart, savedAt } from "./settings-parts.js";
import { sourceFieldOf, sourceFromForm } from "./source-form.js";

type Ctx = Context<AdminEnv>;

/** The settings page, shown again with what an action found (forum-routes.tsx builds it). */
export type SettingsPage = (
  c: Ctx,
  forumId: string,
  extra: {
    values?: Record<string, string>;
    errors?: Record<string, string>;
    notes?: ForumPageNotes;
    status?: 200 | 400;
    at?: SettingsPart;
  },
) => Promise<Response>;

/** A save's refusal field by field, each with its own French message (the board's probe, a bad zone…). */
function refusedFields(error: AppError): Record<string, string> {
  const details = Array.isArray(error.details) ? (error.details as unknown[]) : [];
  const errors: Record<string, string> = {};
  for (const detail of details) {
    if (typeof detail !== "object" || detail === null || !("path" in detail)) continue;
    const message =
      "message" in detail && typeof detail.message === "string" ? detail.message : error.message;
    errors[sourceFieldOf(String(detail.path))] ??= deskMessage(message);
  }
  return Object.keys(errors).length > 0 ? errors : { form: deskMessage(error.message) };
}

/**
 * The Forumactif source on the desk (CONTRACT.md 4.4): its form, saved as `PUT /forums/{forumId}`
 * saves it (the board is read before an address is accepted); the connection test; a topic's
 * preview. Mounted by `forumSettingsRoutes`, behind its forum-admin check.
 */
export function mountSourceRoutes(app: Hono<AdminEnv>, deps: AppDeps, page: SettingsPage): void {
  const forumIdOf = (c: Ctx) => {
    const parsed = forumIdSchema.safeParse(c.req.param("forumId") ?? "");
    return parsed.success ? parsed.data : null;
  };
  const formOf = async (c: Ctx) => {
    const form = await c.req.parseBody();
    const values = Object.fromEntries(
      Object.entries(form).flatMap(([k, v]) =>
        typeof v === "string" && k !== "_csrf" && !k.endsWith("password") ? [[k, v]] : [],
      ),
    );
    return { form, values };
  };

  app.post("/forums/:forumId/source", async (c) => {
    const forumId = forumIdOf(c);
    if (!forumId) return c.notFound();
    const { form, values } = await formOf(c);
    const forum = await deps.store.getForum(forumId);
    const result = sourceFromForm(forum, form);
    if (!result.ok)
      return page(c, forumId, { values, errors: { ...result.errors }, status: 400, at: "source" });
    const body = forumBodySchema.parse({ ...currentBody(forum, forumId), source: result.source });
    try {
      await saveForum(deps, forumId, body);
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 400) throw error;
      return page(c, forumId, { values, errors: refusedFields(error), status: 400, at: "source" });
    }
    return c.redirect(`/admin/forums/${forumId}${savedAt("source")}`, 303);
  });

  app.post("/forums/:forumId/source/test", async (c) => {
    const forumId = forumIdOf(c);
    if (!forumId) return c.notFound();
    const forum = await deps.store.getForum(forumId);
    const lines: string[] = [];
    let ok = false;
    if (!deps.forumactif) lines.push(t.test.notHere);
    else if (!forum?.source) lines.push(t.test.noSource);
    else {
      const found = await checkSource(deps.forumactif, forum);
      lines.push(found.board === null ? t.test.boardOk(forum.source.baseUrl) : t.test.boardKo(found.board));
      const { account } = found;
      if (account === null) lines.push(t.test.noAccount);
      else
        lines.push(
          account.refusal === null
            ? t.test.accountOk(account.username)
            : t.test.accountKo(account.username, account.refusal),
        );
      ok = found.board === null && account?.refusal == null;
    }
    return page(c, forumId, { notes: { source: { test: { ok, lines } } }, at: "source-test" });
  });

  app.post("/forums/:forumId/source/preview", async (c) => {
    const forumId = forumIdOf(c);
    if (!forumId) return c.notFound();
    const { form } = await formOf(c);
    const topic = typeof form.topic === "string" ? form.topic.trim() : "";
    const forum = await deps.store.getForum(forumId);
    const shown = (preview: { result?: Awaited<ReturnType<typeof previewSource>>; error?: string }) =>
      page(c, forumId, { notes: { source: { preview: { topic, ...preview } } }, at: "source-preview" });
    if (!deps.forumactif) return shown({ error: t.test.notHere });
    if (!forum?.source) return shown({ error: t.test.noSource });
    try {
      return shown({ result: await previewSource({ ...deps.forumactif, clock: deps.clock }, forum, topic) });
    } catch (error) {
      // Refusals (a topic that names nothing, an unreadable one) are said on the page, in French.
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      return shown({ error: error.message });
    }
  });
}
