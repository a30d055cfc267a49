import type { Child } from "hono/jsx";
import type { ForumactifSource } from "../../forumactif/source-settings.js";
import type { ForumConfig } from "../../ports/duel-store.js";
import type { Ruleset } from "../../rules/ruleset.js";
import { credentialTexts } from "../../texts/desk-credentials.js";
import { forumTexts as t } from "../../texts/desk-forums.js";
import { formatDuration } from "../../texts/format.js";
import { aria, FieldError, type FieldErrors, invalid } from "./field-errors.js";
import {
  CHANNEL_FIELDS,
  channelSummary,
  DELAY_KEYS,
  isSecretKind,
  rulesetOf,
  SECRET_FIELDS,
  SECRET_KINDS,
  SERVES_CHOICES,
  YEAR_KEYS,
} from "./forum-form.js";
import { CsrfField, type Flash, Layout } from "./layout.js";
import type { Revealed } from "./reveal.js";
import { RevealNotice } from "./reveal-notice.js";

/** What a settings page shows beyond the forum: a test hibou's answer. */
export interface ForumPageNotes {
  readonly test?: { readonly ok: boolean; readonly text: string };
}

/** A text input with its label and its error; `value` is what to show (the referee's, after an error). */
function Text(props: { name: string; label: string; value: string; errors: FieldErrors; type?: string }) {
  return (
    <label class={invalid(props.name, props.errors)}>
      {props.label}
      <input
        type={props.type ?? "text"}
        name={props.name}
        value={props.value}
        autocomplete="off"
        {...aria(props.name, props.errors)}
      />
      <FieldError name={props.name} errors={props.errors} />
    </label>
  );
}

/** A section's form: its action under the forum's settings, its CSRF field. */
function SectionForm(props: { forumId: string; action: string; csrf: string; children?: Child }) {
  return (
    <form class="settings" method="post" action={`/admin/forums/${props.forumId}/${props.action}`} novalidate>
      <CsrfField token={props.csrf} />
      {props.children}
    </form>
  );
}

/**
 * The forum's Forumactif source as it is set (CONTRACT.md 4.4): read here, changed through
 * `PUT /forums/{forumId}`, which probes the board before accepting an address. The password is
 * never shown, as `GET /forums/{forumId}` never returns it.
 */
function SourceSection(props: { forumId: string; source: ForumactifSource | undefined }) {
  const s = t.source;
  const { source } = props;
  return (
    <section id="source">
      <h2>{s.title}</h2>
      {source ? (
        <>
          <p class="muted">{s.read}</p>
          <dl class="source">
            <dt>{s.baseUrl}</dt>
            <dd>
              <code>{source.baseUrl}</code>
            </dd>
            <dt>{s.timeZone}</dt>
            <dd>{source.timeZone}</dd>
            <dt>{s.pollEvery}</dt>
            <dd>{formatDuration(source.pollEvery)}</dd>
            <dt>{s.template}</dt>
            <dd>{source.template ?? s.templateAuto}</dd>
            <dt>{s.dice}</dt>
            <dd>
              {source.dice ? s.diceSet(source.dice.name, Object.keys(source.dice.faces).length) : s.diceNone}
            </dd>
            <dt>{s.account}</dt>
            <dd>{source.account ? s.accountSet(source.account.username) : s.accountNone}</dd>
          </dl>
          <p class="muted">
            {s.how(props.forumId)} <a href="/docs">{s.apiLink}</a>
          </p>
        </>
      ) : (
        <p class="muted">{s.none}</p>
      )}
    </section>
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
        <Text
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
    <SectionForm forumId={props.forumId} action="ruleset" csrf={props.csrf}>
      {perYear("startingPoints", r.startingPoints)}
      {perYear("actionFaultSanction", r.actionFaultSanction)}
      <fieldset>
        <legend>{r.delays}</legend>
        {DELAY_KEYS.map((k) => (
          <Text
            name={`delays.${k}`}
            label={r.delay[k]}
            value={value(`delays.${k}`, formatDuration(ruleset.delays[k]))}
            errors={errors}
          />
        ))}
      </fieldset>
      <fieldset>
        <legend>{r.actionFaultsBeforeSanction}</legend>
        <Text
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
}) {
  const { forumId, forum, csrf } = props;
  const revealed = props.revealed ?? null;
  const values = props.values ?? {};
  const errors = props.errors ?? {};
  const notes = props.notes ?? {};
  const ruleset = rulesetOf(forum);
  const refereeLines = (forum?.referees ?? [])
    .map((r) => [r.id, r.name, r.username].filter((v) => v !== undefined).join(" ; "))
    .join("\n");
  const c = t.channels;
  return (
    <Layout title={forum ? t.title(forum.name) : t.newForum(forumId)} csrf={csrf} flash={props.flash ?? null}>
      <FieldError name="form" errors={errors} />

      <section id="general">
        <h2>{t.general.title}</h2>
        <SectionForm forumId={forumId} action="name" csrf={csrf}>
          <Text name="name" label={t.general.name} value={values.name ?? forum?.name ?? ""} errors={errors} />
          <button type="submit">{t.general.submit}</button>
        </SectionForm>
      </section>

      <section id="referees">
        <h2>{t.referees.title}</h2>
        <p class="muted">{t.referees.intro}</p>
        <SectionForm forumId={forumId} action="referees" csrf={csrf}>
          <label class={invalid("referees", errors)}>
            {t.referees.field}
            <textarea name="referees" rows={4} {...aria("referees", errors)}>
              {values.referees ?? refereeLines}
            </textarea>
            <FieldError name="referees" errors={errors} />
          </label>
          <button type="submit">{t.referees.submit}</button>
        </SectionForm>
      </section>

      <section id="credentials">
        <h2>{credentialTexts.link}</h2>
        <p class="muted">{credentialTexts.intro}</p>
        <p>
          <a href={`/admin/forums/${forumId}/credentials`}>{credentialTexts.link}</a>
        </p>
      </section>

      <section id="secrets">
        <h2>{t.secrets.title}</h2>
        <p class="muted">{t.secrets.intro}</p>
        <RevealNotice
          revealed={revealed}
          shown={(kind) => t.secrets.shownOnce(isSecretKind(kind) ? t.secrets[kind] : t.secrets.generic)}
          mark={(kind) => ({ "data-secret": kind })}
          gone={t.secrets.alreadyShown}
          again={{ href: "#secrets", text: t.secrets.regenerate }}
        />
        {SECRET_KINDS.map((kind) => (
          <SectionForm forumId={forumId} action={`secrets/${kind}`} csrf={csrf}>
            <p>
              {t.secrets[kind]} : {forum?.webhookSecrets[kind] ? t.secrets.set : t.secrets.unset}
            </p>
            <button type="submit">{t.secrets.generate}</button>
          </SectionForm>
        ))}
      </section>

      <section id="channels">
        <h2>{c.title}</h2>
        {notes.test ? (
          <p class={`flash ${notes.test.ok ? "ok" : "error"}`} role="status" data-test-result>
            {notes.test.text}
          </p>
        ) : null}
        {(forum?.notify ?? []).length === 0 ? <p class="muted">{c.none}</p> : null}
        <table>
          <tbody>
            {(forum?.notify ?? []).map((channel, index) => (
              <tr data-channel={index}>
                <td>{c.types[channel.type]}</td>
                <td>{channelSummary(channel)}</td>
                <td>
                  <SectionForm forumId={forumId} action={`channels/${index}/test`} csrf={csrf}>
                    <button type="submit">{c.test}</button>
                  </SectionForm>
                </td>
                <td>
                  <SectionForm forumId={forumId} action={`channels/${index}/remove`} csrf={csrf}>
                    <button type="submit">{c.remove}</button>
                  </SectionForm>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <SectionForm forumId={forumId} action="channels" csrf={csrf}>
          <fieldset>
            <legend>{c.add}</legend>
            <label class={invalid("channel.type", errors)}>
              {c.type}
              <select name="channel.type" {...aria("channel.type", errors)}>
                {(["log", "webhook", "discord", "discourse", "forumactif"] as const).map((type) => (
                  <option value={type} selected={values["channel.type"] === type}>
                    {c.types[type]}
                  </option>
                ))}
              </select>
              <FieldError name="channel.type" errors={errors} />
            </label>
            {CHANNEL_FIELDS.map((f) => (
              <Text
                name={`channel.${f}`}
                label={c[f]}
                value={SECRET_FIELDS.has(f) ? "" : (values[`channel.${f}`] ?? "")}
                type={SECRET_FIELDS.has(f) ? "password" : "text"}
                errors={errors}
              />
            ))}
            <label class={invalid("channel.serves", errors)}>
              {c.serves}
              <select name="channel.serves" {...aria("channel.serves", errors)}>
                {SERVES_CHOICES.map((choice) => (
                  <option value={choice} selected={(values["channel.serves"] ?? "") === choice}>
                    {c.servesChoices[choice]}
                  </option>
                ))}
              </select>
              <FieldError name="channel.serves" errors={errors} />
            </label>
          </fieldset>
          <button type="submit">{c.add}</button>
        </SectionForm>
      </section>

      <section id="ruleset">
        <h2>{t.ruleset.title}</h2>
        <p class="muted">{t.ruleset.intro(forum?.ruleset !== undefined)}</p>
        <RulesetForm forumId={forumId} csrf={csrf} ruleset={ruleset} values={values} errors={errors} />
        <RulesetReadOnly ruleset={ruleset} />
      </section>

      <SourceSection forumId={forumId} source={forum?.source} />
    </Layout>
  );
}
