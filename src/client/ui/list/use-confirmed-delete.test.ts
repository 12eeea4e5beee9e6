import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useConfirmedDelete } from "./use-confirmed-delete";

interface Row {
  id: number;
}

function setup(remove: (row: Row) => Promise<void>) {
  const onError = vi.fn();
  const onSettled = vi.fn();
  const hook = renderHook(() => useConfirmedDelete<Row>({ remove, onError, onSettled }));
  return { hook, onError, onSettled };
}

describe("useConfirmedDelete", () => {
  it("asks about a row, deletes it on confirm, then closes and settles", async () => {
    let finish: () => void = () => {};
    const remove = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { hook, onError, onSettled } = setup(remove);
    expect(hook.result.current.dialog.isOpen).toBe(false);

    act(() => hook.result.current.ask({ id: 7 }));
    expect(hook.result.current.target).toEqual({ id: 7 });
    expect(hook.result.current.dialog.isOpen).toBe(true);

    act(() => hook.result.current.dialog.onConfirm());
    expect(hook.result.current.dialog.isBusy).toBe(true);
    // A second press while the delete runs sends nothing more.
    act(() => hook.result.current.dialog.onConfirm());
    await act(async () => finish());

    expect(remove).toHaveBeenCalledTimes(1);
    expect(remove).toHaveBeenCalledWith({ id: 7 });
    expect(hook.result.current.dialog).toMatchObject({ isOpen: false, isBusy: false });
    expect(onSettled).toHaveBeenCalledTimes(1);
    expect(onError).not.toHaveBeenCalled();
  });

  it("hands a failure to onError with the row, and still closes and settles", async () => {
    const failure = new Error("refused");
    const { hook, onError, onSettled } = setup(() => Promise.reject(failure));
    act(() => hook.result.current.ask({ id: 3 }));
    await act(async () => hook.result.current.dialog.onConfirm());

    expect(onError).toHaveBeenCalledWith(failure, { id: 3 });
    expect(hook.result.current.target).toBeNull();
    expect(onSettled).toHaveBeenCalledTimes(1);
  });

  it("cancel closes without deleting", () => {
    const remove = vi.fn(() => Promise.resolve());
    const { hook, onSettled } = setup(remove);
    act(() => hook.result.current.ask({ id: 1 }));
    act(() => hook.result.current.dialog.onCancel());
    expect(hook.result.current.dialog.isOpen).toBe(false);
    expect(remove).not.toHaveBeenCalled();
    expect(onSettled).not.toHaveBeenCalled();
  });
});
