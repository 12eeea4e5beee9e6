import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { mockApi } from "../test-utils";
import { downloadFile, fileNameOf, saveBlob } from "./download";
import { errorLines } from "./error-messages";
import { ApiError } from "./errors";
import { setApiBase } from "./http";
import { i18n } from "./i18n";
import { writeStored } from "./storage";

beforeEach(() => {
  setApiBase("http://localhost/");
  writeStored("jwt", "stored-token");
  writeStored("company", "C1");
  i18n.loadAndActivate({ locale: "en", messages: {} });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("downloadFile", () => {
  it("sends the session's headers and names the file as the server does", async () => {
    const fetch = vi.fn(
      async () =>
        new Response("%PDF-1.7", {
          headers: {
            "content-disposition": "attachment; filename*=UTF-8''etiqueta%20n%C2%BA1.pdf",
          },
        }),
    );
    vi.stubGlobal("fetch", fetch);
    const file = await downloadFile("api/shipment/7/label", "label-7.pdf");
    expect(file.name).toBe("etiqueta nº1.pdf");
    expect(await file.blob.text()).toBe("%PDF-1.7");
    const request = (fetch.mock.calls[0] as unknown as [Request])[0];
    expect(request.url).toBe("http://localhost/api/shipment/7/label");
    expect(request.headers.get("authorization")).toBe("Bearer stored-token");
    expect(request.headers.get("company")).toBe("C1");
  });

  it("turns a refusal into an ApiError the one error-text table words", async () => {
    mockApi({
      "GET /api/attachment/zip": () => ({ status: 400, body: { code: "no_files", message: "x" } }),
    });
    const failure = await downloadFile("api/attachment/zip?shipment=1", "a.zip").catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe("no_files");
    expect(errorLines(failure)).toEqual(["There are no files"]);
  });
});

describe("saveBlob", () => {
  it("saves through a temporary link under the name", () => {
    // jsdom has no object URLs: stand-ins for this test only.
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = vi.fn(() => "blob:file");
    URL.revokeObjectURL = vi.fn();
    onTestFinished(() => {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe("task-list.xlsx");
      expect(this.href).toBe("blob:file");
    });
    saveBlob(new Blob(["x"]), "task-list.xlsx");
    expect(click).toHaveBeenCalledOnce();
    expect(document.querySelector("a[download]")).toBeNull();
  });

  it("falls back to the caller's name without a Content-Disposition name", () => {
    expect(fileNameOf(null, "task-list.xlsx")).toBe("task-list.xlsx");
    expect(fileNameOf('attachment; filename="tasks.xlsx"', "x")).toBe("tasks.xlsx");
  });
});
