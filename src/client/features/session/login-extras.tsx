import { appStore, StoreProvider } from "../../lib/store";
import { NoticeHost } from "../../ui/notice-host";

/**
 * The notices of the standalone login screen (login-boot.tsx), mounted at the user's first
 * keystroke: a wrong password shows there. The update prompt waits for the app after sign-in.
 */
export default function LoginExtras() {
  return (
    <StoreProvider store={appStore}>
      <NoticeHost />
    </StoreProvider>
  );
}
