import { createFileRoute, redirect } from "@tanstack/react-router";
import { DEFAULT_REDIRECT } from "../../shared/route-guard";
import { LoginPage } from "../features/session/login-page";
import { notifyError } from "../lib/notices";
import { loginWithTokens } from "../lib/session/session";

interface LoginSearch {
  redirect?: string;
  token?: string;
  refresh?: string;
}

const text = (value: unknown) => (typeof value === "string" ? value : undefined);

/**
 * /login inside the app: after a logout or a session end, and single sign-on. A first load of
 * /login without SSO tokens draws the standalone screen instead (features/session/login-boot).
 */
export const Route = createFileRoute("/login")({
  // Anything but a string is dropped (the boot path carries no schema library).
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    redirect: text(search.redirect),
    token: text(search.token),
    refresh: text(search.refresh),
  }),
  // Single sign-on: ?token=&refresh= logs the user in and leads to /dashboard (spec section 2).
  beforeLoad: async ({ search }) => {
    if (!search.token || !search.refresh) return;
    try {
      await loginWithTokens(search.token, search.refresh);
    } catch (error) {
      notifyError(error);
      throw redirect({ to: "/login", search: {}, replace: true });
    }
    throw redirect({ href: DEFAULT_REDIRECT, replace: true });
  },
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect: target } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <LoginPage redirect={target} onSignedIn={(href) => navigate({ href, replace: true })} />;
}
