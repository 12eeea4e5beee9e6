import { describe, expect, it } from "vitest";
import type { Attachment } from "../../../shared/contract/documents";
import { chosenAttachments, sendNotices } from "./send-rules";

const file = (id: number, is_image: boolean): Attachment => ({
  id,
  shipment: 1,
  company: 1,
  name: `f${id}`,
  description: `f${id}`,
  is_image,
  content_type: is_image ? "image/png" : "application/pdf",
  size: 1,
  created: "2026-01-01T00:00:00.000Z",
});

describe("attachment mail and zip rules (spec section 5)", () => {
  const all = [file(1, true), file(2, false), file(3, false)];

  it("takes the scope, narrowed to the selection", () => {
    expect(chosenAttachments(all, "images", new Set()).map((a) => a.id)).toEqual([1]);
    expect(chosenAttachments(all, "documents", new Set([1, 3])).map((a) => a.id)).toEqual([3]);
    expect(chosenAttachments(all, "all", new Set([2])).map((a) => a.id)).toEqual([2]);
  });

  it("needs recipients, each text@text.text, trimmed", () => {
    expect(sendNotices(all, "all", "  ")).toEqual(["no_email"]);
    expect(sendNotices(all, "all", " , ")).toEqual(["no_email"]);
    expect(sendNotices(all, "all", "a@b.co, nope")).toEqual(["invalid_email"]);
    expect(sendNotices(all, "all", " a@b.co ,c@d.org ")).toEqual([]);
  });

  it("answers no_images, no_files, or both for an empty all", () => {
    const documents = [file(2, false)];
    expect(sendNotices(documents, "images", null)).toEqual(["no_images"]);
    expect(sendNotices([file(1, true)], "documents", null)).toEqual(["no_files"]);
    expect(sendNotices([], "all", null)).toEqual(["no_images", "no_files"]);
    expect(sendNotices(documents, "documents", null)).toEqual([]);
  });
});
