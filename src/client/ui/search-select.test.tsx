import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type SearchOption, SearchSelect } from "./search-select";

const OPTIONS: SearchOption[] = [
  { id: 1, text: "ACME FOODS" },
  { id: 2, text: "ACME TOOLS", detail: "second" },
];

function Harness({
  search,
  onChange,
}: {
  search: (text: string) => Promise<SearchOption[]>;
  onChange: (value: SearchOption | null) => void;
}) {
  const [value, setValue] = useState<SearchOption | null>(null);
  return (
    <I18nProvider i18n={i18n}>
      <SearchSelect
        label="Client"
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
        search={(text) => search(text)}
      />
    </I18nProvider>
  );
}

afterEach(cleanup);

describe("SearchSelect", () => {
  it("looks the typed text up once, after the last key, and sets the picked option", {
    timeout: 15_000,
  }, async () => {
    const search = vi.fn(async () => OPTIONS);
    const onChange = vi.fn();
    render(<Harness search={search} onChange={onChange} />);
    const input = screen.getByRole("combobox", { name: "Client" });
    act(() => input.focus());
    fireEvent.change(input, { target: { value: "AC" } });
    fireEvent.change(input, { target: { value: "ACM" } });
    expect(search).not.toHaveBeenCalled();
    const option = await screen.findByRole("option", { name: /ACME TOOLS/ }, { timeout: 8000 });
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith("ACM");
    fireEvent.click(option);
    expect(onChange).toHaveBeenLastCalledWith(OPTIONS[1]);
  });

  it("never takes free text as a value, and clears the value when the text is emptied", async () => {
    const onChange = vi.fn();
    render(<Harness search={async () => []} onChange={onChange} />);
    const input = screen.getByRole("combobox", { name: "Client" });
    act(() => input.focus());
    fireEvent.change(input, { target: { value: "NOBODY" } });
    expect(await screen.findByText("No matches", {}, { timeout: 8000 })).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: "" } });
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
