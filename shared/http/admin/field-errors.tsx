/** A form's errors by field name, each shown next to its field (the desk's forms share them). */
export type FieldErrors = Readonly<Record<string, string>>;

/** A field's error, right after it, named by the field's `aria-describedby`. */
export function FieldError(props: { name: string; errors: FieldErrors }) {
  const message = props.errors[props.name];
  return message ? (
    <span class="field-error" id={`err-${props.name}`} data-error-for={props.name}>
      {message}
    </span>
  ) : null;
}

/** The class of a field in error. */
export const invalid = (name: string, errors: FieldErrors) => (errors[name] ? "invalid" : undefined);

/** The attributes that tie a field in error to its message, for screen readers. */
export const aria = (name: string, errors: FieldErrors) =>
  errors[name] ? { "aria-invalid": "true" as const, "aria-describedby": `err-${name}` } : {};

/** A text input with its label, an optional help line and its error; `value` is what to show. */
export function TextField(props: {
  name: string;
  label: string;
  help?: string;
  value: string;
  errors: FieldErrors;
  type?: string;
}) {
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
      {props.help ? <small>{props.help}</small> : null}
      <FieldError name={props.name} errors={props.errors} />
    </label>
  );
}
