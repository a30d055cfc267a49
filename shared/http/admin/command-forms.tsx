import { randomUUID } from "node:crypto";
import type { Child } from "hono/jsx";
import type { Duel } from "../../domain/state.js";
import { type CommandName, commandTexts, fieldLabels, formTexts } from "../../texts/desk.js";
import { NO_WINNER } from "./command-form.js";
import { CsrfField } from "./layout.js";
import { namer } from "./parts.js";

interface Option {
  readonly value: string;
  readonly label: string;
}

function Select(props: { name: string; options: readonly Option[]; required?: boolean }) {
  return (
    <label>
      {fieldLabels[props.name]}
      <select name={props.name} required={props.required ?? true}>
        {props.options.map((o) => (
          <option value={o.value}>{o.label}</option>
        ))}
      </select>
    </label>
  );
}

function Field(props: { name: string; placeholder?: string; required?: boolean; inputmode?: "numeric" }) {
  return (
    <label>
      {fieldLabels[props.name]}
      <input
        type="text"
        name={props.name}
        placeholder={props.placeholder}
        required={props.required ?? true}
        inputmode={props.inputmode}
      />
    </label>
  );
}

/**
 * One command's form. Each render carries a fresh idempotency key, so a double click or a resent
 * form applies once (the same dedup as the API's `Idempotency-Key`).
 */
function CommandForm(props: { command: CommandName; duelId: string; csrf: string; children?: Child }) {
  const t = commandTexts[props.command];
  return (
    <form
      method="post"
      action={`/admin/duels/${encodeURIComponent(props.duelId)}/commands`}
      data-command={props.command}
    >
      <h3>{t.title}</h3>
      <CsrfField token={props.csrf} />
      <input type="hidden" name="command" value={props.command} />
      <input type="hidden" name="idempotencyKey" value={`form.${randomUUID()}`} />
      {props.children}
      <label>
        {fieldLabels.reason}
        <textarea name="reason" rows={2} maxlength={2000} required />
      </label>
      <button type="submit">{t.submit}</button>
    </form>
  );
}

/** Forms for every referee command of CONTRACT.md section 6; the decider says what is allowed. */
export function CommandForms(props: { state: Duel; csrf: string }) {
  const { state, csrf } = props;
  const name = namer(state);
  const duelists = state.duelists.map((d) => ({ value: d.id, label: d.name }));
  const choose = [{ value: "", label: formTexts.choose }, ...duelists];
  const faults = state.faults
    .filter((f) => !f.cancelled)
    .map((f) => ({
      value: f.eventId,
      label: `${name(f.duelistId)} — ${formTexts.kinds[f.kind]} (${f.eventId})`,
    }));
  const posts = state.pending.map((p) => ({
    value: p.post.postId,
    label: `${p.post.postId} — ${name(p.duelistId)}`,
  }));
  const form = { duelId: state.id, csrf };
  return (
    <div class="forms">
      <CommandForm command="top" {...form}>
        <Select
          name="firstDuelistId"
          options={[{ value: "", label: formTexts.firstDefault }, ...duelists]}
          required={false}
        />
      </CommandForm>
      <CommandForm command="correction" {...form}>
        {posts.length > 0 ? <Select name="postId" options={posts} /> : <Field name="postId" />}
        <Field name="fields.cible" required={false} />
        <Field name="fields.zone" required={false} />
        <Field name="fields.pari" required={false} />
        <label>
          {fieldLabels["fields.text"]}
          <textarea name="fields.text" rows={2} />
        </label>
      </CommandForm>
      <CommandForm command="derogation" {...form}>
        <Select name="duelistId" options={choose} />
        <Field name="duration" placeholder="3 jours" />
      </CommandForm>
      <CommandForm command="fault" {...form}>
        <Select name="duelistId" options={choose} />
        <Select
          name="kind"
          options={[
            { value: "action", label: formTexts.kinds.action },
            { value: "absence", label: formTexts.kinds.absence },
          ]}
        />
      </CommandForm>
      <CommandForm command="cancel-fault" {...form}>
        {faults.length > 0 ? <Select name="eventId" options={faults} /> : <Field name="eventId" />}
      </CommandForm>
      <CommandForm command="adjust-points" {...form}>
        <Select name="duelistId" options={choose} />
        <Field name="delta" placeholder="-3" inputmode="numeric" />
      </CommandForm>
      <CommandForm command="disqualify" {...form}>
        <Select name="duelistId" options={choose} />
      </CommandForm>
      <CommandForm command="announce" {...form}>
        <Select
          name="enabled"
          options={[
            {
              value: state.announceOff ? "true" : "false",
              label: state.announceOff ? formTexts.announceOn : formTexts.announceOff,
            },
            {
              value: state.announceOff ? "false" : "true",
              label: state.announceOff ? formTexts.announceOff : formTexts.announceOn,
            },
          ]}
        />
      </CommandForm>
      <CommandForm command="end" {...form}>
        <Select name="winnerId" options={[...choose, { value: NO_WINNER, label: formTexts.noWinner }]} />
      </CommandForm>
      {state.status === "finished" && state.stakes ? (
        <CommandForm command="stakes" {...form}>
          <Select
            name="honoured"
            options={[
              { value: "true", label: formTexts.stakesHonoured },
              { value: "false", label: formTexts.stakesNotHonoured },
            ]}
          />
        </CommandForm>
      ) : null}
    </div>
  );
}
