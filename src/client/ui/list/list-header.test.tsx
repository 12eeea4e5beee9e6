import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { appStore, onlineAtom, StoreProvider } from "../../lib/store";
import { ListHeader, type ListHeaderState } from "./list-header";

const fresh: ListHeaderState = {
  isLoading: false,
  isFetching: false,
  isOffline: false,
  lastSync: 0,
};

const renderHeader = (list: ListHeaderState) =>
  render(
    <I18nProvider i18n={i18n}>
      <StoreProvider store={appStore}>
        <ListHeader titleId="t" title="Trucks" list={list} />
      </StoreProvider>
    </I18nProvider>,
  );

afterEach(() => {
  appStore.set(onlineAtom, true);
});

describe("ListHeader offline marker", () => {
  it("appears as soon as the browser goes offline and goes when it is back", () => {
    renderHeader(fresh);
    expect(screen.queryByRole("status")).toBeNull();
    act(() => appStore.set(onlineAtom, false));
    expect(screen.getByRole("status").textContent).toMatch(/^Offline, updated \d\d:\d\d$/);
    act(() => appStore.set(onlineAtom, true));
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("shows while the list could not reach the server, online or not", () => {
    renderHeader({ ...fresh, isOffline: true, lastSync: null });
    expect(screen.getByRole("status").textContent).toBe("Offline, not updated yet");
  });
});
