import { createRootRoute, Outlet, useLocation } from "@tanstack/react-router";
import { useSyncExternalStore } from "react";
import { NotFound } from "../features/public/not-found";
import { getSessionState, subscribeSession } from "../lib/session/session-store";
import { useSessionKeeper } from "../lib/session/use-session-keeper";
import { UpdatePrompt } from "../pwa/update-prompt";
import { NoticeHost } from "../ui/notice-host";

export const Route = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const signedIn = useSyncExternalStore(subscribeSession, () => getSessionState().auth !== null);
  // Spec section 4: the token is checked every 60 s, except on the login page.
  useSessionKeeper(signedIn && pathname !== "/login");
  return (
    <>
      <Outlet />
      <UpdatePrompt />
      <NoticeHost />
    </>
  );
}
