import { type TextLanguage, textsFor } from "../../texts";

/**
 * The pages a person lands on when a single sign-on does not end in the app: a small,
 * self-contained HTML page in their language (the language they had on the login page), with
 * the way back. No script (the site's CSP allows none inline); styles inline.
 */
export type SsoProblem =
  | { kind: "unknown-user"; name: string | null; otherAccountUrl: string | undefined }
  | { kind: "failed" }
  | { kind: "unavailable" };

const HTML_LANG: Record<TextLanguage, string> = { en: "en", es: "es", pt: "pt-PT", mx: "es-MX" };

function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

const STYLE = `
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#eef1f5;
font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#16202c}
main{box-sizing:border-box;width:min(30rem,100% - 2rem);background:#fff;border-radius:12px;
padding:2rem 1.5rem;box-shadow:0 2px 12px rgba(0,0,0,.08)}
.brand{display:flex;align-items:center;gap:.75rem;margin-bottom:1.5rem;font-weight:700;font-size:1.25rem}
h1{font-size:1.375rem;margin:0 0 .75rem}
p{margin:0 0 1rem}
nav{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem}
a{display:inline-flex;align-items:center;justify-content:center;min-height:44px;padding:0 1.25rem;
border-radius:8px;font-weight:600;text-decoration:none;border:2px solid #0b4f9c}
a.primary{background:#0b4f9c;color:#fff}
a.secondary{background:#fff;color:#0b4f9c}
a:focus-visible{outline:3px solid #f5a623;outline-offset:2px}`;

export function ssoProblemPage(problem: SsoProblem, lang: TextLanguage): string {
  const t = textsFor(lang).sso;
  const refused = problem.kind === "unknown-user";
  const title = refused ? t.refusedTitle : t.failedTitle;
  const paragraphs =
    problem.kind === "unknown-user"
      ? [problem.name === null ? t.noUserName : t.unknownUser(problem.name), t.unknownUserHelp]
      : [problem.kind === "failed" ? t.failed : t.unavailable];
  const links = [`<a class="primary" href="/login">${escapeHtml(t.backToLogin)}</a>`];
  if (problem.kind === "unknown-user" && problem.otherAccountUrl) {
    links.push(
      `<a class="secondary" href="${escapeHtml(problem.otherAccountUrl)}">${escapeHtml(t.otherAccount)}</a>`,
    );
  }
  return `<!doctype html>
<html lang="${HTML_LANG[lang]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Yardline</title>
<link rel="icon" href="/icons/icon-192.png">
<style>${STYLE}</style>
</head>
<body>
<main>
<div class="brand"><img src="/icons/icon-192.png" alt="" width="40" height="40">Yardline</div>
<h1>${escapeHtml(title)}</h1>
${paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join("\n")}
<nav>${links.join("")}</nav>
</main>
</body>
</html>
`;
}
