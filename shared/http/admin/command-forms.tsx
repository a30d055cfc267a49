import { randomUUID } from "node:crypto";
import type { Child } from "hono/jsx";
import { availableCommands, derogationHolders } from "../../domain/referee-availability.js";
import type { Duel } from "../../domain/state.js";
import { type CommandName, commandTexts, fieldLabels, formTexts, ui } from "../../texts/desk.js";
import { postTime } from "../../texts/format.js";
import { NO_WINNER } from "./command-form.js";
import { CsrfField } from "./layout.js";
import { faultLabels, namer } from "./parts.js";

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
function CommandForm(props: {
  command: CommandName;
  duelId: string;
  csrf: string;
  children?: Child;
  /** The top needs no reason: it only starts the duel the referee registered. */
  reasonOptional?: boolean;
}) {
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
        <textarea name="reason" rows={2} maxlength={2000} required={!props.reasonOptional} />
      </label>
      <button type="submit">{t.submit}</button>
    </form>
  );
}

/**
 * The last word, beside the verdict it undoes: a disqualification cancelled (any cause),
 * the referee's own end cancelled. Each asks for its reason, as the API does.
 */
export function LastWordForms(props: { state: Duel; csrf: string }) {
  const { state, csrf } = props;
  const offered = availableCommands(state);
  const disqualified = state.duelists.filter((d) => d.status === "disqualified");
  const form = { duelId: state.id, csrf };
  return (
    <>
      {offered.has("cancel-disqualification") ? (
        <CommandForm command="cancel-disqualification" {...form}>
          <Select name="duelistId" options={disqualified.map((d) => ({ value: d.id, label: d.name }))} />
        </CommandForm>
      ) : null}
      {offered.has("cancel-end") ? <CommandForm command="cancel-end" {...form} /> : null}
    </>
  );
}

/**
 * The forms of the referee commands of CONTRACT.md section 6 that can apply to the duel as it
 * stands (`availableCommands`); faults and posts are picked from the duel's own, by their words.
 * The decider still says what is allowed.
 */
export function CommandForms(props: { state: Duel; csrf: string }) {
  const { state, csrf } = props;
  const name = namer(state);
  const offered = availableCommands(state);
  const option = (d: { id: string; name: string }) => ({ value: d.id, label: d.name });
  const choose = (list: readonly { id: string; name: string }[]) => [
    { value: "", label: formTexts.choose },
    ...list.map(option),
  ];
  const everyone = choose(state.duelists);
  const playing = choose(state.duelists.filter((d) => d.status === "active"));
  const labels = faultLabels(state);
  const faults = state.faults
    .filter((f) => !f.cancelled)
    .map((f) => ({ value: f.eventId, label: labels.get(f.eventId) ?? f.eventId }));
  const posts = state.pending.map((p) => ({
    value: p.post.postId,
    label: ui.duel.post(
      name(p.duelistId),
      p.turnNumber,
      postTime(p.post.createdAt),
      p.missing.map((m) => ui.missing[m]).join(", "),
    ),
  }));
  const form = { duelId: state.id, csrf };
  return (
    <div class="forms">
      {offered.has("top") ? (
        <CommandForm command="top" reasonOptional {...form}>
          <Select
            name="firstDuelistId"
            options={[{ value: "", label: formTexts.firstDefault }, ...state.duelists.map(option)]}
            required={false}
          />
        </CommandForm>
      ) : null}
      {offered.has("correction") ? (
        <CommandForm command="correction" {...form}>
          <Select name="postId" options={posts} />
          <Field name="fields.cible" required={false} />
          <Field name="fields.zone" required={false} />
          <Field name="fields.pari" required={false} />
          <label>
            {fieldLabels["fields.text"]}
            <textarea name="fields.text" rows={2} />
          </label>
        </CommandForm>
      ) : null}
      {offered.has("derogation") ? (
        <CommandForm command="derogation" {...form}>
          <Select name="duelistId" options={choose(derogationHolders(state))} />
          <Field name="duration" placeholder="3 jours" />
        </CommandForm>
      ) : null}
      {offered.has("fault") ? (
        <CommandForm command="fault" {...form}>
          <Select name="duelistId" options={playing} />
          <Select
            name="kind"
            options={[
              { value: "action", label: formTexts.kinds.action },
              { value: "absence", label: formTexts.kinds.absence },
            ]}
          />
        </CommandForm>
      ) : null}
      {offered.has("cancel-fault") ? (
        <CommandForm command="cancel-fault" {...form}>
          <Select name="eventId" options={faults} />
        </CommandForm>
      ) : null}
      {offered.has("adjust-points") ? (
        <CommandForm command="adjust-points" {...form}>
          <Select name="duelistId" options={everyone} />
          <Field name="delta" placeholder="-3" inputmode="numeric" />
        </CommandForm>
      ) : null}
      {offered.has("disqualify") ? (
        <CommandForm command="disqualify" {...form}>
          <Select name="duelistId" options={playing} />
        </CommandForm>
      ) : null}
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
      {offered.has("end") ? (
        <CommandForm command="end" {...form}>
          <Select name="winnerId" options={[...everyone, { value: NO_WINNER, label: formTexts.noWinner }]} />
        </CommandForm>
      ) : null}
      {offered.has("stakes") ? (
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
