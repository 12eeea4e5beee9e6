import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ListColumn } from "./list-column";
import { ListTable } from "./list-table";

interface Row {
  id: number;
  code: string;
  count: number;
}

const ROWS: Row[] = [
  { id: 1, code: "ALB-1", count: 3 },
  { id: 2, code: "ALB-2", count: 5 },
];

const COLUMNS: ListColumn<Row, "code" | "count">[] = [
  { id: "code", header: "Code", cell: (row) => row.code, sticky: true, rowHeader: true },
  { id: "count", header: "Count", cell: (row) => row.count, numeric: true, sortable: true },
];

afterEach(cleanup);

describe("ListTable", () => {
  it("draws the definition: caption, headers, a row header per row, labelled cells", () => {
    render(
      <ListTable
        rows={ROWS}
        columns={COLUMNS}
        rowKey={(row) => row.id}
        caption="Lines"
        labelCells
      />,
    );
    const table = screen.getByRole("table", { name: "Lines" });
    const headers = within(table).getAllByRole("columnheader");
    expect(headers.map((cell) => cell.textContent)).toEqual(["Code", "Count"]);
    expect(within(table).getByRole("rowheader", { name: "ALB-2" })).toBeTruthy();
    const cell = within(table).getAllByRole("cell")[0];
    expect(cell?.textContent).toBe("3");
    expect(cell?.getAttribute("data-label")).toBe("Count");
  });

  it("sortable headers are buttons telling their order; the wall drops sticky columns", () => {
    const onSort = vi.fn();
    const { rerender } = render(
      <ListTable
        rows={ROWS}
        columns={COLUMNS}
        rowKey={(row) => row.id}
        sort={{ key: "count", ascending: false }}
        onSort={onSort}
      />,
    );
    const count = screen.getByRole("columnheader", { name: /Count/ });
    expect(count.getAttribute("aria-sort")).toBe("descending");
    fireEvent.click(within(count).getByRole("button"));
    expect(onSort).toHaveBeenCalledWith("count");
    const code = screen.getByRole("columnheader", { name: "Code" });
    const sticky = code.className;
    expect(sticky).not.toBe("");
    rerender(<ListTable rows={ROWS} columns={COLUMNS} rowKey={(row) => row.id} wall />);
    expect(screen.getByRole("columnheader", { name: "Code" }).className).toBe("");
  });

  it("the wall: its own look on the table and box, each column's share, headers titled", () => {
    const { container, rerender } = render(
      <ListTable rows={ROWS} columns={COLUMNS} rowKey={(row) => row.id} />,
    );
    const desktopTable = container.querySelector("table")?.className;
    const desktopBox = container.querySelector("div")?.className;
    expect(screen.getByRole("columnheader", { name: "Code" }).title).toBe("");
    const shares = COLUMNS.map((column, index) => ({
      ...column,
      wallWidth: `${40 + index * 20}%`,
    }));
    rerender(<ListTable rows={ROWS} columns={shares} rowKey={(row) => row.id} wall />);
    const table = container.querySelector("table");
    expect(table?.className).not.toBe(desktopTable);
    expect(table?.className).toContain(desktopTable ?? "-");
    expect(container.querySelector("div")?.className).not.toBe(desktopBox);
    const code = screen.getByRole("columnheader", { name: "Code" });
    // A header cut with an ellipsis on a narrow column still tells its whole name.
    expect(code.title).toBe("Code");
    expect(code.style.width).toBe("40%");
    expect(screen.getByRole("columnheader", { name: "Count" }).style.width).toBe("60%");
  });
});
