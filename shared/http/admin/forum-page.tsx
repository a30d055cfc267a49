import type { Child } from "hono/jsx";
import type { ForumConfig } from "../../ports/forum-store.js";
import type { Ruleset } from "../../rules/ruleset.js";
import { credentialTexts } from "../../texts/desk-credentials.js";
import { forumTexts as t } from "../../texts/desk-forums.js";
import { formatDuration } from "../../texts/format.js";
import { boardOrigins } from "../club/routes.js";
import { aria, FieldError, type FieldErrors, invalid, TextField } from "./field-errors.js";
import {
  CHANNEL_TYPE_FIELDS,
  CHANNEL_TYPES,
  channelSummary,
  DELAY_KEYS,
  isSecretKind,
  NEW_REFEREE_ROWS,
  rulesetOf,
  SECRET_FIELDS,
  SECRET_KINDS,
  SERVES_CHOICES,
  YEAR_KEYS,
} from "./forum-form.js";
import { CsrfField, type Flash, Layout } from "./layout.js";
import type { Revealed } from "./reveal.js";
import { RevealNotice } from "./reveal-notice.js";
import { PartResult, partAction, type SettingsPart } from "./settings-parts.js";
import { type SourceNotes, SourceSection } from "./source-section.js";

/** What a settings page shows beyond the forum: a test hibou's answer. */
export interface ForumPageNotes {
  readonly test?: { readonly ok: boolean; readonly text: string };
  /** The Forumactif source's connection test or topic preview (source-section.tsx). */
  readonly source?: SourceNotes;
}

/** A section's form: its action under the forum's settings, at its part of the page; its CSRF field. */
function SectionForm(props: {
  forumId: string;
  action: string;
  part: SettingsPart;
  csrf: string;
  children?: Child;
}) {
  return (
    <form
      class="settings"
      method="post"
      action={partAction(props.forumId, props.action, props.part)}
      novalidate
    >
      <CsrfField token={props.csrf} />
      {props.children}
    </form>
  );
}

/**
 * Where the club's public records are, which board addresses may show the embed (CONTRACT.md 8),
 * and the code that shows it inside the board: offered once an address may frame it.
 */
function ClubSection(props: {
  forumId: string;
  forum: ForumConfig | null;
  origin: string;
  csrf: string;
  values: Readonly<Record<string, string>>;
  errors: FieldErrors;
  result: Child;
}) {
  const c = t.club;
  const id = encodeURIComponent(props.forumId);
  const page = `${props.origin}/club/${id}`;
  const snippet = `<iframe src="${page}/embed" title="${t.toc.club}" style="width:100%;min-height:480px;border:0" loading="lazy"></iframe>`;
  const framing = props.forum ? boardOrigins(props.forum) : [];
  const declared = props.values.boardOrigins ?? (props.forum?.club?.boardOrigins ?? []).join("\n");
  return (
    <section id="club">
      <h2>{t.toc.club}</h2>
      {props.result}
      <p class="muted">{c.intro}</p>
      {props.forum?.club?.public === false ? (
        <p>{c.private}</p>
      ) : (
        <>
          <p>
            <a href={page}>{c.page}</a> · <a href={`${props.origin}/forums/${id}/club.csv`}>{c.csv}</a>
          </p>
          <SectionForm forumId={props.forumId} action="club" part="club" csrf={props.csrf}>
            <label class={invalid("boardOrigins", props.errors)}>
              {c.boardOrigins}
              <textarea name="boardOrigins" rows={2} {...aria("boardOrigins", props.errors)}>
                {declared}
              </textarea>
              <small>{c.boardOriginsHelp}</small>
              <FieldError name="boardOrigins" errors={props.errors} />
            </label>
            <button type="submit">{c.saveOrigins}</button>
          </SectionForm>
          {framing.length > 0 ? (
            <>
              <p data-framing>{c.framedBy(framing.join(", "))}</p>
              <p>{c.embed}</p>
              <pre>
                <code>{snippet}</code>
              </pre>
            </>
          ) : (
            <p class="muted" data-framing>
              {c.noFraming}
            </p>
          )}
        </>
      )}
    </section>
  );
}

/** The page's sections, in order, for its table of contents. */
const SECTIONS = ["people", "sources", "channels", "ruleset", "forumactif", "club"] as const;

function Contents() {
  return (
    <nav class="toc" aria-label={t.toc.label}>
      <ol>
        {SECTIONS.map((id) => (
          <li>
            <a href={`#${id}`}>{t.toc[id]}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The referees, a row each; empty rows below to add some (forum-form.ts `refereesSection`). */
function RefereeRows(props: {
  referees: ForumConfig["referees"];
  values: Readonly<Record<string, string>>;
  errors: FieldErrors;
}) {
  const r = t.referees;
  const count = props.referees.length + NEW_REFEREE_ROWS;
  const rows = Array.from({ length: count }, (_, row) => row);
  const value = (row: number, f: "id" | "name" | "username") =>
    props.values[`referees.${row}.${f}`] ?? props.referees[row]?.[f] ?? "";
  return (
    <>
      {rows.map((row) => (
        <fieldset class="referee" data-row={row}>
          <legend>{row < props.referees.length ? r.row(row + 1) : r.newRow}</legend>
          <TextField
            name={`referees.${row}.id`}
            label={r.id}
            value={value(row, "id")}
            errors={props.errors}
          />
          <TextField
            name={`referees.${row}.name`}
            label={r.name}
            value={value(row, "name")}
            errors={props.errors}
          />
          <TextField
            name={`referees.${row}.username`}
            label={r.username}
            value={value(row, "username")}
            errors={props.errors}
          />
        </fieldset>
      ))}
    </>
  );
}

/**
 * « Ajouter un canal »: one form per type, each folded under its name and holding only that type's
 * fields, so no script is needed to hide the others; the type a refused form was for opens again.
 */
function AddChannel(props: {
  forumId: string;
  csrf: string;
  values: Readonly<Record<string, string>>;
  errors: FieldErrors;
}) {
  const c = t.channels;
  const { values } = props;
  const refused = values["channel.type"];
  return (
    <>
      <h3>{c.add}</h3>
      <p class="muted">{c.addIntro}</p>
      {CHANNEL_TYPES.map((type) => {
        const errors = refused === type ? props.errors : {};
        return (
          <details class="channel-type" data-channel-type={type} open={refused === type}>
            <summary>{c.types[type]}</summary>
            <SectionForm forumId={props.forumId} action="channels" part="channels" csrf={props.csrf}>
              <input type="hidden" name="channel.type" value={type} />
              <fieldset>
                <legend>{c.addType(c.types[type])}</legend>
                <FieldError name="channel.type" errors={errors} />
                {CHANNEL_TYPE_FIELDS[type].map((f) => (
                  <TextField
                    name={`channel.${f}`}
                    label={c[f]}
                    value={SECRET_FIELDS.has(f) || refused !== type ? "" : (values[`channel.${f}`] ?? "")}
                    type={SECRET_FIELDS.has(f) ? "password" : "text"}
                    errors={errors}
                  />
                ))}
                <label class={invalid("channel.serves", errors)}>
                  {c.serves}
                  <select name="channel.serves" {...aria("channel.serves", errors)}>
                    {SERVES_CHOICES.map((choice) => (
                      <option
                        value={choice}
                        selected={refused === type && (values["channel.serves"] ?? "") === choice}
                      >
                        {c.servesChoices[choice]}
                      </option>
                    ))}
                  </select>
                  <FieldError name="channel.serves" errors={errors} />
                </label>
              </fieldset>
              <button type="submit">{c.add}</button>
            </SectionForm>
          </details>
        );
      })}
    </>
  );
}

function RulesetForm(props: {
  forumId: string;
  csrf: string;
  ruleset: Ruleset;
  values: Readonly<Record<string, string>>;
  errors: FieldErrors;
}) {
  const { ruleset, values, errors } = props;
  const r = t.ruleset;
  const value = (name: string, fallback: string) => values[name] ?? fallback;
  const perYear = (table: "startingPoints" | "actionFaultSanction", legend: string) => (
    <fieldset>
      <legend>{legend}</legend>
      {YEAR_KEYS.map((y) => (
        <TextField
          name={`${table}.${y}`}
          label={r.year(y)}
          value={value(`${table}.${y}`, String(ruleset[table][y]))}
          errors={errors}
        />
      ))}
    </fieldset>
  );
  const sanctions = ruleset.absenceSanctions
    .map((s) =>
      s.disqualify
        ? s.points > 0
          ? `${s.points} + disqualification`
          : "disqualification"
        : String(s.points),
    )
    .join("\n");
  return (
    <SectionForm forumId={props.forumId} action="ruleset" part="ruleset" csrf={props.csrf}>
      {perYear("startingPoints", r.startingPoints)}
      {perYear("actionFaultSanction", r.actionFaultSanction)}
      <fieldset>
        <legend>{r.delays}</legend>
        {DELAY_KEYS.map((k) => (
          <TextField
            name={`delays.${k}`}
            label={r.delay[k]}
            value={value(`delays.${k}`, formatDuration(ruleset.delays[k]))}
            errors={errors}
          />
        ))}
      </fieldset>
      <fieldset>
        <legend>{r.actionFaultsBeforeSanction}</legend>
        <TextField
          name="actionFaultsBeforeSanction"
          label={r.actionFaultsBeforeSanction}
          value={value("actionFaultsBeforeSanction", String(ruleset.actionFaultsBeforeSanction))}
          errors={errors}
        />
        <label class={invalid("absenceSanctions", errors)}>
          {r.absenceSanctions}
          <textarea name="absenceSanctions" rows={4} {...aria("absenceSanctions", errors)}>
            {value("absenceSanctions", sanctions)}
          </textarea>
          <FieldError name="absenceSanctions" errors={errors} />
        </label>
      </fieldset>
      <button type="submit">{r.submit}</button>
    </SectionForm>
  );
}

/** The parts of the ruleset the desk does not edit, to read. */
function RulesetReadOnly(props: { ruleset: Ruleset }) {
  const { ruleset } = props;
  const r = t.ruleset;
  return (
    <div class="card" id="ruleset-read">
      <h3>{r.readOnly}</h3>
      <p>
        {r.name} : {ruleset.name}
      </p>
      <p>{r.minWords(ruleset.minWords)}</p>
      <table>
        <thead>
          <tr>
            <th>{r.maxLevel}</th>
            {YEAR_KEYS.map((y) => (
              <th>{r.year(y)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <td />
            {YEAR_KEYS.map((y) => (
              <td class="num">{ruleset.maxLevel[y]}</td>
            ))}
          </tr>
        </tbody>
      </table>
      <p>
        {r.spells} : {ruleset.spells.map((s) => s.name).join(", ")}
      </p>
      <p>
        {r.particularities} : {ruleset.particularities.map((p) => p.name).join(", ")}
      </p>
    </div>
  );
}

/**
 * `GET /admin/forums/{forumId}`: a forum's settings for its admin, one form per section, each
 * checked by `PUT /forums`'s schema and each error next to its field (CONTRACT.md section 3).
 */
export function ForumPage(props: {
  forumId: string;
  forum: ForumConfig | null;
  csrf: string;
  values?: Readonly<Record<string, string>>;
  errors?: FieldErrors;
  notes?: ForumPageNotes;
  /** A secret just generated, shown this once (reveal.ts), or that it was shown already. */
  revealed?: Revealed | null;
  flash?: Flash | null;
  /** The service's public address, for the club page's links and embed code. */
  publicOrigin?: string;
  /** The part an action answered in: its flash and unplaced refusal are shown there, not on top. */
  at?: SettingsPart | null;
}) {
  const { forumId, forum, csrf } = props;
  const revealed = props.revealed ?? null;
  const values = props.values ?? {};
  const errors = props.errors ?? {};
  const notes = props.notes ?? {};
  const ruleset = rulesetOf(forum);
  const c = t.channels;
  const at = props.at ?? null;
  const flash = props.flash ?? null;
  const result = (part: SettingsPart) => <PartResult part={part} at={at} flash={flash} errors={errors} />;
  return (
    <Layout title={forum ? t.title(forum.name) : t.newForum(forumId)} csrf={csrf} flash={at ? null : flash}>
      {at ? null : <FieldError name="form" errors={errors} />}
      <Contents />

      <section id="people">
        <h2>{t.toc.people}</h2>
        <div id="general">
          <h3>{t.general.title}</h3>
          {result("general")}
          <SectionForm forumId={forumId} action="name" part="general" csrf={csrf}>
            <TextField
              name="name"
              label={t.general.name}
              value={values.name ?? forum?.name ?? ""}
              errors={errors}
            />
            <button type="submit">{t.general.submit}</button>
          </SectionForm>
        </div>
        <div id="referees">
          <h3>{t.referees.title}</h3>
          <p class="muted">{t.referees.intro}</p>
          {result("referees")}
          <SectionForm forumId={forumId} action="referees" part="referees" csrf={csrf}>
            <FieldError name="referees" errors={errors} />
            <RefereeRows referees={forum?.referees ?? []} values={values} errors={errors} />
            <button type="submit">{t.referees.submit}</button>
          </SectionForm>
        </div>
        <div id="credentials">
          <h3>{credentialTexts.link}</h3>
          <p class="muted">{credentialTexts.intro}</p>
          <p>
            <a href={`/admin/forums/${forumId}/credentials`}>{credentialTexts.link}</a>
          </p>
        </div>
      </section>

      <section id="sources">
        <h2>{t.toc.sources}</h2>
        <div id="secrets">
          <h3>{t.secrets.title}</h3>
          <p class="muted">{t.secrets.intro}</p>
          {result("secrets")}
          <RevealNotice
            revealed={revealed}
            shown={(kind) => t.secrets.shownOnce(isSecretKind(kind) ? t.secrets[kind] : t.secrets.generic)}
            mark={(kind) => ({ "data-secret": kind })}
            gone={t.secrets.alreadyShown}
            again={{ href: "#secrets", text: t.secrets.regenerate }}
          />
          {SECRET_KINDS.map((kind) => (
            <SectionForm forumId={forumId} action={`secrets/${kind}`} part="secrets" csrf={csrf}>
              <p>
                {t.secrets[kind]} : {forum?.webhookSecrets[kind] ? t.secrets.set : t.secrets.unset}
              </p>
              <button type="submit">{t.secrets.generate}</button>
            </SectionForm>
          ))}
        </div>
      </section>

      <section id="channels">
        <h2>{c.title}</h2>
        {result("channels")}
        {notes.test ? (
          <p class={`flash ${notes.test.ok ? "ok" : "error"}`} role="status" data-test-result>
            {notes.test.text}
          </p>
        ) : null}
        {(forum?.notify ?? []).length === 0 ? <p class="muted">{c.none}</p> : null}
        <table class="stack">
          <tbody>
            {(forum?.notify ?? []).map((channel, index) => (
              <tr data-channel={index}>
                <td>
                  <strong>{c.types[channel.type]}</strong>
                </td>
                <td>{channelSummary(channel)}</td>
                <td>
                  <SectionForm
                    forumId={forumId}
                    action={`channels/${index}/test`}
                    part="channels"
                    csrf={csrf}
                  >
                    <button type="submit">{c.test}</button>
                  </SectionForm>
                </td>
                <td>
                  <SectionForm
                    forumId={forumId}
                    action={`channels/${index}/remove`}
                    part="channels"
                    csrf={csrf}
                  >
                    <button type="submit">{c.remove}</button>
                  </SectionForm>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <AddChannel forumId={forumId} csrf={csrf} values={values} errors={errors} />
      </section>

      <section id="ruleset">
        <h2>{t.ruleset.title}</h2>
        <p class="muted">{t.ruleset.intro(forum?.ruleset !== undefined)}</p>
        {result("ruleset")}
        <RulesetForm forumId={forumId} csrf={csrf} ruleset={ruleset} values={values} errors={errors} />
        <RulesetReadOnly ruleset={ruleset} />
      </section>

      <section id="forumactif">
        <SourceSection
          forumId={forumId}
          csrf={csrf}
          source={forum?.source}
          values={values}
          errors={errors}
          notes={notes.source ?? {}}
          origin={props.publicOrigin ?? ""}
          result={result("source")}
        />
      </section>
      <ClubSection
        forumId={forumId}
        forum={forum}
        origin={props.publicOrigin ?? ""}
        csrf={csrf}
        values={values}
        errors={errors}
        result={result("club")}
      />
    </Layout>
  );
}
