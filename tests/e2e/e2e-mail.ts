import { existsSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ParsedMail, simpleParser } from "mailparser";

/** Where scripts/e2e-server.mjs's SMTP server writes what it receives (one .eml a message). */
export function e2eMailDir(): string {
  return join(tmpdir(), `yardline-e2e-mail-${process.env.E2E_PORT ?? 8181}`);
}

/** The messages received so far whose recipients include `to`. */
export async function mailsTo(to: string): Promise<ParsedMail[]> {
  const dir = e2eMailDir();
  if (!existsSync(dir)) return [];
  const parsed = await Promise.all(
    readdirSync(dir)
      .filter((name) => name.endsWith(".eml"))
      .map((name) => simpleParser(readFileSync(join(dir, name)))),
  );
  return parsed.filter((mail) => {
    const list = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
    return list.some((address) => address.value.some((entry) => entry.address === to));
  });
}
