import type { ForumConfig } from "../../ports/forum-store.js";
import { credentialTexts } from "../../texts/desk-credentials.js";
import { forumTexts as t } from "../../texts/desk-forums.js";
import { FieldError, type FieldErrors } from "./field-errors.js";
import { CsrfField, type Flash, Layout } from "./layout.js";

/**
 * `GET /admin/forums` for the operator (CONTRACT.md 3.1): every forum of the deployment, each
 * with its settings and its people, and the form that creates a forum.
 */
export function ForumListPage(props: {
  forums: readonly ForumConfig[];
  csrf: string;
  values?: Readonly<Record<string, string>>;
  errors?: FieldErrors;
  flash?: Flash | null;
}) {
  const values = props.values ?? {};
  const errors = props.errors ?? {};
  const l = t.list;
  return (
    <Layout title={l.title} csrf={props.csrf} flash={props.flash ?? null}>
      <section id="forums">
        {props.forums.length === 0 ? <p class="muted">{l.none}</p> : null}
        <table class="stack">
          <thead>
            <tr>
              <th>{l.forumId}</th>
              <th>{l.name}</th>
              <th>{l.referees}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {props.forums.map((f) => (
              <tr data-forum={f.forumId}>
                <td data-label={l.forumId}>{f.forumId}</td>
                <td>
                  <a href={`/admin/forums/${f.forumId}`}>{f.name}</a>
                </td>
                <td data-label={l.referees}>{f.referees.length}</td>
                <td>
                  <a href={`/admin/forums/${f.forumId}/credentials`}>{credentialTexts.link}</a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section id="create">
        <h2>{l.create}</h2>
        <form class="settings" method="post" action="/admin/forums" novalidate>
          <CsrfField token={props.csrf} />
          <label class={errors.forumId ? "invalid" : undefined}>
            {l.forumId}
            <input type="text" name="forumId" value={values.forumId ?? ""} autocomplete="off" />
            <FieldError name="forumId" errors={errors} />
          </label>
          <label class={errors.name ? "invalid" : undefined}>
            {l.name}
            <input type="text" name="name" value={values.name ?? ""} autocomplete="off" />
            <FieldError name="name" errors={errors} />
          </label>
          <button type="submit">{l.create}</button>
        </form>
      </section>
    </Layout>
  );
}
