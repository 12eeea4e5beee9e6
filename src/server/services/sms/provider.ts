/**
 * How the server hands an SMS to the outside world. Providers never throw for a refused or
 * failed send: they answer `ok: false` with what the gateway said, which is stored with the
 * message (sms_messages) and shown to the user.
 */
export interface SmsSendInput {
  /** E.164 number. */
  to: string;
  body: string;
}

export type SmsSendResult =
  | { ok: true; id?: string }
  | { ok: false; status?: number; error: string };

export interface SmsProvider {
  /** Stored with each message: "log" or "http". */
  readonly name: string;
  send(message: SmsSendInput): Promise<SmsSendResult>;
}

export type SmsAuth =
  | { kind: "basic"; username: string; password: string }
  | { kind: "bearer"; token: string }
  | { kind: "none" };

export interface HttpSmsConfig {
  url: string;
  method: "POST" | "PUT" | "GET";
  /** json: the template is a JSON document; form: application/x-www-form-urlencoded. */
  contentType: "json" | "form";
  /** With {{to}}, {{to_digits}}, {{body}}, {{from}} placeholders. GET sends it as the query. */
  bodyTemplate: string;
  auth: SmsAuth;
  timeoutMs: number;
}

export type SmsConfig =
  | { provider: "log"; from: string }
  | { provider: "http"; from: string; http: HttpSmsConfig };
