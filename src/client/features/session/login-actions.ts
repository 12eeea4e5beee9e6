/**
 * What the login form runs, loaded on first use (login-page.tsx): the session module brings the
 * contract parsers and the API client, which the login page's first paint does without.
 */
export { notifyError } from "../../lib/notices";
export { login } from "../../lib/session/session";
