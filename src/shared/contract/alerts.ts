import { z } from "zod";
import { IsoDateTime, text } from "./fields";

/**
 * Alerts of the kiosk walls (spec sections 3 and 7: "Alert: type with media", GET api/alerts
 * with headers area G and company; issue 16): images admins upload, shown in rotation.
 */
export const ALERT_MAX_BYTES = 2 * 1024 * 1024;
export const ALERT_DESCRIPTION_MAX = 120;
/** Pictures a browser shows safely (no SVG: it may carry script). */
export const ALERT_IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;

export const AlertsHeaders = z.object({
  area: z.enum(["G", "C"]).default("G").describe("G (general): the only area with alerts so far"),
});

export const Alert = z.object({
  id: z.number().int(),
  type: z.object({
    description: z.string(),
    /** The image, relative to the API base (GET with the usual Authorization). */
    media: z.string(),
  }),
  content_type: z.string(),
  size: z.number().int(),
  created: IsoDateTime,
});
export type Alert = z.infer<typeof Alert>;

export const AlertUploadFields = z.object({
  description: text(ALERT_DESCRIPTION_MAX).optional(),
});
