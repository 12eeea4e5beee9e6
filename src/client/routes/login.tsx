import { createFileRoute, redirect } from "@tanstack/react-router";
import { z } from "zod";
import { DEFAULT_REDIRECT } from "../../shared/route-guard";
import { LoginPage } from "../features/session/login-page";
import { notifyError } from "../lib/notices";
import { loginWithTokens } from "../lib/session/session";

const LoginSearch = z.object({
  redirect: z.string().optional().catch(undefined),
  token: z.string().optional().catch(undefined),
  refresh: z.string().optional().catch(undefined),
});

export const Route = createFileRoute("/login")({
  validateSearch: LoginSearch,
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
  return <LoginPage redirect={target} />;
}
