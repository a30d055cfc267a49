import type { Child } from "hono/jsx";
import type { PreviewPost, PreviewRecap, SourcePreview } from "../../app/source-preview.js";
import { pingSnippet } from "../../forumactif/ping-snippet.js";
import type { ForumactifSource } from "../../forumactif/source-settings.js";
import { TEMPLATE_VERSIONS } from "../../forumactif/types.js";
import { sourceFormTexts as t } from "../../texts/desk-source.js";
import { formatDay } from "../../texts/format.js";
import { aria, FieldError, type FieldErrors, invalid, TextField } from "./field-errors.js";
import { CsrfField } from "./layout.js";
import { partAction, type SettingsPart } from "./settings-parts.js";
import { SOURCE_FIELDS, sourceFormValues } from "./source-form.js";

/** What the source section shows after an action: a connection test's answers, a topic's preview. */
export interface SourceNotes {
  readonly test?: { readonly ok: boolean; readonly lines: readonly string[] };
  readonly preview?: {
    readonly topic: string;
    readonly result?: SourcePreview;
    /** Why the topic did not read, in French. */
    readonly error?: string;
  };
}

function recapText(recap: PreviewRecap | null): string {
  const p = t.preview;
  if (recap === null) return p.noRecap;
  const parts = [
    ...recap.spells,
    ...(recap.recoverWand ? [p.recoverWand] : []),
    ...recap.particularities,
    ...(recap.target === null ? [] : [p.target(recap.target)]),
    ...(recap.zone === null ? [] : [p.zone(recap.zone)]),
    ...(recap.bet === null ? [] : [p.bet(recap.bet)]),
    ...(recap.unknownSpells.length > 0 ? [p.unknown(recap.unknownSpells.join(", "))] : []),
  ];
  return `${p.recapFrom[recap.from]} : ${parts.join(" · ")}`;
}

function PreviewRow(props: { post: PreviewPost }) {
  const { post } = props;
  const p = t.preview;
  const c = p.columns;
  return (
    <tr data-post={post.id} class={post.problem === null ? undefined : "ko"}>
      <td class="num" data-label={c.id}>
        {post.id}
      </td>
      <td data-label={c.author}>
        <span class="name" data-author>
          {post.author}
        </span>
        {post.authorId === null ? <span class="muted"> ({p.guest})</span> : null}
      </td>
      <td class="num" data-label={c.createdAt}>
        {post.createdAt === null ? p.none : formatDay(post.createdAt)}
      </td>
      <td class="num" data-label={c.words}>
        {post.words === null ? p.none : post.words}
      </td>
      <td data-label={c.recap}>{post.problem === null ? recapText(post.recap) : p.none}</td>
      <td data-label={c.problem}>{post.problem ?? p.none}</td>
    </tr>
  );
}

/** A topic as the referee would read it: every post, and what was not found in those that do not read. */
function PreviewResult(props: { preview: NonNullable<SourceNotes["preview"]> }) {
  const p = t.preview;
  const { result, error } = props.preview;
  if (error !== undefined)
    return (
      <p class="flash error" role="status" data-preview-error>
        {error}
      </p>
    );
  if (result === undefined) return null;
  const unread = result.posts.filter((post) => post.problem !== null).length;
  const c = p.columns;
  return (
    <div data-preview>
      <p role="status">
        {p.summary(t.templates[result.template], result.pages, result.posts.length)}
        <br />
        <span class={unread === 0 ? "ok" : "ko"}>{unread === 0 ? p.allRead : p.someUnread(unread)}</span>
      </p>
      <table class="stack preview">
        <thead>
          <tr>
            <th>{c.id}</th>
            <th>{c.author}</th>
            <th>{c.createdAt}</th>
            <th>{c.words}</th>
            <th>{c.recap}</th>
            <th>{c.problem}</th>
          </tr>
        </thead>
        <tbody>
          {result.posts.map((post) => (
            <PreviewRow post={post} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A forum's Forumactif source on its settings page (CONTRACT.md 4.4): the form that sets it (saved
 * through the same `saveForum` as `PUT /forums/{forumId}`, which reads the board before accepting
 * its address), the connection test, and the preview of a topic. The password is never shown.
 */
export function SourceSection(props: {
  forumId: string;
  csrf: string;
  source: ForumactifSource | undefined;
  values: Readonly<Record<string, string>>;
  errors: FieldErrors;
  notes: SourceNotes;
  /** The service's public address, for the board's script. */
  origin: string;
  /** What the source's save answered, shown at its top (settings-parts.tsx). */
  result: Child;
}) {
  const { forumId, source, errors, notes } = props;
  const stored = sourceFormValues(source);
  const value = (name: string) => props.values[name] ?? stored[name] ?? "";
  const action = (path: string, part: SettingsPart) => partAction(forumId, `source${path}`, part);
  const template = value(SOURCE_FIELDS.template);
  return (
    <section id="source">
      <h2>{t.title}</h2>
      {props.result}
      <p class="muted">{source ? t.set : t.none}</p>
      <p class="muted">{t.intro}</p>
      <form class="settings" method="post" action={action("", "source")} novalidate data-source-form>
        <CsrfField token={props.csrf} />
        <fieldset>
          <legend>{t.board}</legend>
          <TextField
            name={SOURCE_FIELDS.baseUrl}
            label={t.baseUrl}
            help={t.baseUrlHelp}
            value={value(SOURCE_FIELDS.baseUrl)}
            type="url"
            errors={errors}
          />
          <TextField
            name={SOURCE_FIELDS.timeZone}
            label={t.timeZone}
            help={t.timeZoneHelp}
            value={value(SOURCE_FIELDS.timeZone)}
            errors={errors}
          />
          <TextField
            name={SOURCE_FIELDS.pollEvery}
            label={t.pollEvery}
            help={t.pollEveryHelp}
            value={value(SOURCE_FIELDS.pollEvery)}
            errors={errors}
          />
          <label class={invalid(SOURCE_FIELDS.template, errors)}>
            {t.template}
            <select name={SOURCE_FIELDS.template} {...aria(SOURCE_FIELDS.template, errors)}>
              <option value="" selected={template === ""}>
                {t.templateAuto}
              </option>
              {TEMPLATE_VERSIONS.map((version) => (
                <option value={version} selected={template === version}>
                  {t.templates[version]}
                </option>
              ))}
            </select>
            <FieldError name={SOURCE_FIELDS.template} errors={errors} />
          </label>
        </fieldset>
        <fieldset>
          <legend>{t.account}</legend>
          <p class="muted">{t.accountHelp}</p>
          <TextField
            name={SOURCE_FIELDS.username}
            label={t.username}
            value={value(SOURCE_FIELDS.username)}
            errors={errors}
          />
          <TextField
            name={SOURCE_FIELDS.password}
            label={t.password}
            help={source?.account ? t.passwordKept(source.account.username) : undefined}
            value=""
            type="password"
            errors={errors}
          />
        </fieldset>
        <fieldset>
          <legend>{t.markup}</legend>
          <p class="muted">{t.markupHelp}</p>
          {(
            [
              [SOURCE_FIELDS.markupPost, t.markupPost],
              [SOURCE_FIELDS.markupAuthor, t.markupAuthor],
              [SOURCE_FIELDS.markupDate, t.markupDate],
              [SOURCE_FIELDS.markupMessage, t.markupMessage],
            ] as const
          ).map(([name, label]) => (
            <TextField name={name} label={label} value={value(name)} errors={errors} />
          ))}
        </fieldset>
        <fieldset>
          <legend>{t.dice}</legend>
          <p class="muted">{t.diceHelp}</p>
          <TextField
            name={SOURCE_FIELDS.diceName}
            label={t.diceName}
            value={value(SOURCE_FIELDS.diceName)}
            errors={errors}
          />
          <label class={invalid(SOURCE_FIELDS.diceFaces, errors)}>
            {t.diceFaces}
            <textarea name={SOURCE_FIELDS.diceFaces} rows={6} {...aria(SOURCE_FIELDS.diceFaces, errors)}>
              {value(SOURCE_FIELDS.diceFaces)}
            </textarea>
            <FieldError name={SOURCE_FIELDS.diceFaces} errors={errors} />
          </label>
        </fieldset>
        <button type="submit">{t.submit}</button>
      </form>

      <div id="source-test">
        <form class="settings" method="post" action={action("/test", "source-test")} data-source-test>
          <CsrfField token={props.csrf} />
          <button type="submit">{t.test.button}</button>
        </form>
        {notes.test ? (
          <ul class={`flash ${notes.test.ok ? "ok" : "error"}`} role="status" data-source-test-result>
            {notes.test.lines.map((line) => (
              <li>{line}</li>
            ))}
          </ul>
        ) : null}
      </div>

      <div id="source-preview">
        <h3>{t.preview.title}</h3>
        <p class="muted">{t.preview.intro}</p>
        <PreviewForm
          action={action("/preview", "source-preview")}
          csrf={props.csrf}
          notes={notes}
          values={props.values}
          errors={errors}
        />
        {notes.preview ? <PreviewResult preview={notes.preview} /> : null}
      </div>
      {source ? <BoardScript origin={props.origin} forumId={forumId} /> : null}
    </section>
  );
}

/** The preview's form: a topic's number or address. */
function PreviewForm(props: {
  action: string;
  csrf: string;
  notes: SourceNotes;
  values: Readonly<Record<string, string>>;
  errors: FieldErrors;
}) {
  return (
    <form class="settings" method="post" action={props.action} novalidate data-source-preview>
      <CsrfField token={props.csrf} />
      <TextField
        name="topic"
        label={t.preview.topic}
        value={props.notes.preview?.topic ?? props.values.topic ?? ""}
        errors={props.errors}
      />
      <button type="submit">{t.preview.button}</button>
    </form>
  );
}

/**
 * The board's script that brings a topic's next read forward when it is shown (CONTRACT.md 4.4,
 * `GET /forumactif/ping.js`): the code to paste in Forumactif's JavaScript management, as served.
 */
function BoardScript(props: { origin: string; forumId: string }) {
  const s = t.script;
  const address = `${props.origin}/forumactif/ping.js?forum=${encodeURIComponent(props.forumId)}`;
  return (
    <div id="source-script" data-ping-script>
      <h3>{s.title}</h3>
      <p class="muted">{s.intro}</p>
      <p>{s.where}</p>
      <pre>
        <code>{pingSnippet(props.origin, props.forumId)}</code>
      </pre>
      <p class="muted">
        {s.served} <a href={address}>{address}</a>
      </p>
    </div>
  );
}
