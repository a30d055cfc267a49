import type { Credential } from "../../ports/access-store.js";
import type { ForumConfig } from "../../ports/forum-store.js";
import { credentialTexts as t } from "../../texts/desk-credentials.js";
import { aria, FieldError, type FieldErrors } from "./field-errors.js";
import { CsrfField, type Flash, Layout } from "./layout.js";
import type { Revealed } from "./reveal.js";
import { RevealNotice } from "./reveal-notice.js";
import { when } from "./time.js";

/**
 * `GET /admin/forums/{forumId}/credentials` (CONTRACT.md 3.1): who holds a credential for the
 * forum (never a token), a form to issue one (forum admins: the operator only) and a button to
 * revoke each. A token just issued is shown once (reveal.ts), on a page no cache keeps.
 */
export function CredentialPage(props: {
  forumId: string;
  forum: ForumConfig | null;
  credentials: readonly Credential[];
  mayIssueAdmins: boolean;
  csrf: string;
  values?: Readonly<Record<string, string>>;
  errors?: FieldErrors;
  revealed?: Revealed | null;
  flash?: Flash | null;
}) {
  const { forumId, forum, csrf } = props;
  const values = props.values ?? {};
  const errors = props.errors ?? {};
  const base = `/admin/forums/${forumId}/credentials`;
  const refereeName = (id: string | undefined) =>
    id === undefined ? "" : (forum?.referees.find((r) => r.id === id)?.name ?? id);
  return (
    <Layout title={t.title(forum?.name ?? forumId)} csrf={csrf} flash={props.flash ?? null}>
      <p class="muted">{t.intro}</p>
      <p>
        <a href={`/admin/forums/${forumId}`}>{t.back}</a>
      </p>
      <RevealNotice
        revealed={props.revealed ?? null}
        shown={t.issued}
        mark={() => ({ "data-token": "" })}
        gone={t.alreadyShown}
        again={{ href: `${base}#list`, text: t.revokeAndReissue }}
      />

      <section id="list">
        <h2>{t.list}</h2>
        {props.credentials.length === 0 ? <p class="muted">{t.none}</p> : null}
        <table class="stack">
          <thead>
            <tr>
              <th>{t.name}</th>
              <th>{t.role}</th>
              <th>{t.referee}</th>
              <th>{t.created}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {props.credentials.map((k) => (
              <tr data-credential={k.id}>
                <td>{k.name}</td>
                <td data-label={t.role}>{t.roles[k.role]}</td>
                <td data-label={t.referee}>{refereeName(k.refereeId)}</td>
                <td data-label={t.created}>{when(k.createdAt)}</td>
                <td>
                  <form method="post" action={`${base}/${k.id}/revoke`}>
                    <CsrfField token={csrf} />
                    <button type="submit">{t.revoke}</button>
                  </form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section id="issue">
        <h2>{t.issue}</h2>
        {props.mayIssueAdmins ? null : <p class="muted">{t.adminOnlyByOperator}</p>}
        <form class="settings" method="post" action={base} novalidate>
          <CsrfField token={csrf} />
          <FieldError name="form" errors={errors} />
          <label class={errors.name ? "invalid" : undefined}>
            {t.name}
            <input
              type="text"
              name="name"
              value={values.name ?? ""}
              autocomplete="off"
              {...aria("name", errors)}
            />
            <FieldError name="name" errors={errors} />
          </label>
          <label class={errors.role ? "invalid" : undefined}>
            {t.role}
            <select name="role" {...aria("role", errors)}>
              <option value="referee" selected={values.role !== "forum-admin"}>
                {t.roles.referee}
              </option>
              {props.mayIssueAdmins ? (
                <option value="forum-admin" selected={values.role === "forum-admin"}>
                  {t.roles["forum-admin"]}
                </option>
              ) : null}
            </select>
            <FieldError name="role" errors={errors} />
          </label>
          <label class={errors.refereeId ? "invalid" : undefined}>
            {t.refereeId}
            <select name="refereeId" {...aria("refereeId", errors)}>
              <option value="">{t.noRefereeId}</option>
              {(forum?.referees ?? []).map((r) => (
                <option value={r.id} selected={values.refereeId === r.id}>
                  {`${r.name} (${r.id})`}
                </option>
              ))}
            </select>
            <FieldError name="refereeId" errors={errors} />
          </label>
          <button type="submit">{t.issue}</button>
        </form>
      </section>
    </Layout>
  );
}
