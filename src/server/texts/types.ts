import type { LineColumn } from "../../shared/contract/import-export";
/**
 * The keys of the server's text catalogue: every language file (en.ts, es.ts, pt.ts, mx.ts) is
 * one object of this type, so a key missing in one language is a type error.
 */
export interface ServerTexts {
  /** The lines' import/export workbook (domain/import-export): sheet names and column headers. */
  lineSheet: {
    expedition: string;
    reception: string;
    columns: Record<LineColumn, string>;
  };
  /** The shipment PDFs (label and check list, domain/documents/shipment-pdf.ts). */
  documents: {
    expedition: string;
    reception: string;
    code: string;
    client: string;
    destination: string;
    origin: string;
    dock: string;
    warehouse: string;
    bookedDate: string;
    actionDate: string;
    truck: string;
    plate: string;
    packages: string;
    weight: string;
    status: string;
    palletNotes: string;
    companyNotes: string;
    clientNotes: string;
    checkList: string;
    label: string;
    packingLines: string;
    material: string;
    reference: string;
    numberPackages: string;
    noPackingLines: string;
    checks: string[];
    checkedBy: string;
    signature: string;
  };
  /** A line's attachments by mail (domain/documents/attachment-mail.ts); kind is expedition/reception. */
  attachmentMail: {
    subject: (kind: string, code: string) => string;
    body: (kind: string, code: string, count: number) => string;
  };
  /** The dock instructions texted to a driver at check-in (domain/check-in/service.ts). */
  checkInSms: {
    warehouse: string;
    dock: string;
    /** Where to go when the line names neither warehouse nor dock. */
    office: string;
    text: (code: string, place: string) => string;
  };
  /** The public contact form, mailed to the house (routes/contact). */
  contactMail: {
    subject: (product: string, company: string) => string;
    name: string;
    email: string;
    phone: string;
    company: string;
    product: string;
    language: string;
    noComments: string;
  };
  /** The single sign-on pages a person may land on (domain/sso/pages.ts). */
  sso: {
    /** Window title and heading of a refused sign-in. */
    refusedTitle: string;
    /** The provider's account names no Yardline user (never created silently). */
    unknownUser: (name: string) => string;
    /** The account's claim is missing: the provider sent no user name. */
    noUserName: string;
    unknownUserHelp: string;
    /** The sign-in expired, was cancelled or started in another browser. */
    failedTitle: string;
    failed: string;
    /** The provider could not be reached or answered nonsense. */
    unavailable: string;
    backToLogin: string;
    otherAccount: string;
  };
  /** The task list's Excel export (domain/task-list/excel.ts): sheet name and column headers. */
  taskListExcel: {
    sheet: string;
    date: string;
    user: string;
    task: string;
    description: string;
    client: string;
    reference: string;
    tag: string;
    hours: string;
    reviewed: string;
    right: string;
    reworked: string;
    nok: string;
    observations: string;
    total: string;
  };
  /** A carrier's dock booking by mail (domain/carrier-booking/mail.ts, issue 29). */
  carrierBookingMail: {
    /** kind: "booked", "moved", "cancelled", "confirmed", "refused", "to_confirm". */
    subject: (kind: BookingMailKind, company: string, when: string) => string;
    heading: Record<BookingMailKind, string>;
    unload: string;
    load: string;
    when: string;
    reference: string;
    plate: string;
    dock: string;
    manage: (until: string) => string;
    noMoreChanges: string;
    checkIn: string;
    calendar: string;
  };
}

export type BookingMailKind =
  | "booked"
  | "to_confirm"
  | "moved"
  | "cancelled"
  | "confirmed"
  | "refused";
