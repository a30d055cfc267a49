import type { ForumConfig } from "../../ports/forum-store.js";
import { registerTexts as t } from "../../texts/desk-register.js";
import { aria, FieldError, type FieldErrors, invalid } from "./field-errors.js";
import { CsrfField, type Flash, Layout } from "./layout.js";
import { DUELIST_ROWS, type RegisterFormValues } from "./register-form.js";

const YEARS = [1, 2, 3, 4, 5, 6, 7] as const;

function Text(props: {
  name: string;
  label: string;
  values: RegisterFormValues;
  errors: FieldErrors;
  required?: boolean;
  placeholder?: string;
}) {
  return (
    <label class={invalid(props.name, props.errors)}>
      {props.label}
      <input
        type="text"
        name={props.name}
        value={props.values[props.name] ?? ""}
        required={props.required ?? false}
        placeholder={props.placeholder}
        {...aria(props.name, props.errors)}
      />
      <FieldError name={props.name} errors={props.errors} />
    </label>
  );
}

function Choice(props: {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
  values: RegisterFormValues;
  errors: FieldErrors;
}) {
  const chosen = props.values[props.name] ?? "";
  return (
    <label class={invalid(props.name, props.errors)}>
      {props.label}
      <select name={props.name} {...aria(props.name, props.errors)}>
        {props.options.map((o) => (
          <option value={o.value} selected={o.value === chosen}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError name={props.name} errors={props.errors} />
    </label>
  );
}

function DuelistRow(props: { row: number; values: RegisterFormValues; errors: FieldErrors }) {
  const name = (f: string) => `duelists.${props.row}.${f}`;
  const common = { values: props.values, errors: props.errors };
  const years = [
    { value: "", label: t.chooseYear },
    ...YEARS.map((y) => ({ value: String(y), label: t.yearOption(y) })),
    { value: "adulte", label: t.adult },
  ];
  return (
    <fieldset class="duelist" data-row={props.row}>
      <legend>{t.duelist(props.row + 1)}</legend>
      <Text name={name("id")} label={t.duelistId} required={props.row < 2} {...common} />
      <Text name={name("name")} label={t.duelistName} required={props.row < 2} {...common} />
      <Choice name={name("year")} label={t.year} options={years} {...common} />
      <Text name={name("particularities")} label={t.particularities} {...common} />
      <FieldError name={`duelists.${props.row}`} errors={props.errors} />
    </fieldset>
  );
}

/** `GET /admin/duels/new`: the form of `POST /duels`, in French, each error next to its field. */
export function RegisterPage(props: {
  csrf: string;
  values: RegisterFormValues;
  errors: FieldErrors;
  forum: ForumConfig | null;
  flash?: Flash | null;
}) {
  const { values, errors } = props;
  const common = { values, errors };
  const referees = props.forum?.referees ?? [];
  const rows = Array.from({ length: DUELIST_ROWS }, (_, row) => row);
  return (
    <Layout title={t.title} csrf={props.csrf} flash={props.flash ?? null}>
      <p class="muted">{t.intro}</p>
      <form class="register" method="post" action="/admin/duels/new" novalidate>
        <CsrfField token={props.csrf} />
        <FieldError name="form" errors={errors} />
        <fieldset>
          <legend>{t.thread}</legend>
          <Text name="forumId" label={t.forumId} required {...common} />
          <Text name="threadId" label={t.threadId} required {...common} />
          <Text name="threadTitle" label={t.threadTitle} {...common} />
          <Text name="refereeId" label={t.refereeId} required {...common} />
          {referees.length > 0 ? (
            <p class="muted">{t.referees(referees.map((r) => `${r.name} (${r.id})`).join(", "))}</p>
          ) : null}
          <Text name="refereeName" label={t.refereeName} {...common} />
        </fieldset>
        <fieldset>
          <legend>{t.duelists}</legend>
          <p class="muted">{t.duelistsHint}</p>
          <FieldError name="duelists" errors={errors} />
          {rows.map((row) => (
            <DuelistRow row={row} {...common} />
          ))}
        </fieldset>
        <fieldset>
          <legend>{t.settings}</legend>
          <Choice
            name="dice"
            label={t.dice}
            options={[
              { value: "server", label: t.diceServer },
              { value: "forum", label: t.diceForum },
            ]}
            {...common}
          />
          <Text name="replyWindow" label={t.replyWindow} placeholder="3 jours" {...common} />
          <Choice
            name="firstDuelist"
            label={t.firstDuelist}
            options={[
              { value: "", label: t.firstDefault },
              ...rows.map((row) => ({ value: String(row), label: t.duelist(row + 1) })),
            ]}
            {...common}
          />
          <label class={invalid("stakes", errors)}>
            {t.stakes}
            <textarea name="stakes" rows={2} maxlength={2000} {...aria("stakes", errors)}>
              {values.stakes ?? ""}
            </textarea>
            <FieldError name="stakes" errors={errors} />
          </label>
        </fieldset>
        <button type="submit">{t.submit}</button>
      </form>
    </Layout>
  );
}
