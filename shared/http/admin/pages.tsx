import { ui } from "../../texts/desk.js";
import { CsrfField, Layout } from "./layout.js";

/** `GET /admin/login`: the token goes in a password field, posted to this origin only. */
export function LoginPage(props: { csrf: string; error?: string }) {
  const t = ui.login;
  return (
    <Layout title={t.title} flash={props.error ? { kind: "error", text: props.error } : null}>
      <form class="login" method="post" action="/admin/login">
        <p>{t.intro}</p>
        <CsrfField token={props.csrf} />
        <label>
          {t.token}
          <input type="password" name="token" autocomplete="current-password" required />
        </label>
        <button type="submit">{t.submit}</button>
      </form>
    </Layout>
  );
}

/** Any refusal or failure of a page, in French, with a way back. */
export function ErrorPage(props: { message: string; csrf?: string }) {
  return (
    <Layout title={ui.errors.title} csrf={props.csrf} flash={{ kind: "error", text: props.message }}>
      <p>
        <a href="/admin">{ui.nav.dashboard}</a> · <a href="/admin/login">{ui.login.title}</a>
      </p>
    </Layout>
  );
}
