import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { checkImports, formatViolation, importSpecifiers } from "./check-imports.mjs";

const REPO = join(dirname(fileURLToPath(import.meta.url)), "..");
const roots: string[] = [];

/** A fixture tree in a temporary directory: path -> content. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "check-imports-"));
  roots.push(root);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

/** The violations of a tree as printed lines. */
function lines(files: Record<string, string>): string[] {
  return checkImports(tree(files)).violations.map(formatViolation);
}

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

const README = "# folder\n";
/** A layout that follows every rule. */
const CLEAN = {
  "src/server/routes/api/index.ts":
    'import { checkInRoutes } from "./check-in";\nimport { truckRoutes } from "./trucks/index.ts";\n',
  "src/server/routes/api/trucks/index.ts":
    'import { listTrucks } from "../../../domain/trucks/service";\nimport { dayOf } from "../../../http/date-range";\n',
  "src/server/routes/api/trucks/README.md": README,
  "src/server/routes/api/check-in/index.ts":
    'import { checkIn } from "../../../domain/check-in/service";\n',
  "src/server/routes/api/check-in/README.md": README,
  "src/server/domain/trucks/service.ts": 'import { yardDay } from "../yard-day";\n',
  "src/server/domain/trucks/README.md": README,
  "src/server/domain/check-in/service.ts":
    'import { findTruck } from "../trucks/service";\nimport { yardDay } from "../yard-day";\n',
  "src/server/domain/check-in/README.md": README,
  "src/server/domain/yard-day.ts": "export const yardDay = 1;\n",
  "src/server/plugins/storage.ts": 'import { sweep } from "../domain/trucks/service";\n',
  "src/server/app.ts": 'import { apiRoutes } from "./routes/api/index";\n',
  "src/client/features/public/README.md": README,
  "src/client/features/public/site/site-page.tsx":
    'import { poster } from "../self-check-in/poster";\nimport { Button } from "../../../ui/button";\n',
  "src/client/features/public/self-check-in/poster.ts": "export const poster = 1;\n",
  "src/client/features/board/README.md": README,
  "src/client/features/board/board-page.tsx": 'import { http } from "../../lib/http";\n',
  "src/client/routes/board.tsx": 'import { BoardPage } from "../features/board/board-page";\n',
  "src/client/ui/button.tsx": 'import { cx } from "../lib/cx";\n',
};

describe("checkImports", () => {
  it("passes a tree that follows the rules", () => {
    expect(lines(CLEAN)).toEqual([]);
  });

  it("reports a route folder importing another one, in every import form", () => {
    expect(
      lines({
        ...CLEAN,
        "src/server/routes/api/trucks/index.ts": [
          'import { checkIn } from "../check-in/index";',
          "export async function later() {",
          '  return import("../check-in");',
          "}",
          'vi.mock("../check-in/index");',
        ].join("\n"),
      }),
    ).toEqual([
      "src/server/routes/api/trucks/index.ts:1 imports src/server/routes/api/check-in/index.ts (cross-resource)",
      "src/server/routes/api/trucks/index.ts:3 imports src/server/routes/api/check-in/index.ts (cross-resource)",
      "src/server/routes/api/trucks/index.ts:5 imports src/server/routes/api/check-in/index.ts (cross-resource)",
    ]);
  });

  it("lets the API table import each resource's index.ts and nothing deeper", () => {
    expect(
      lines({
        ...CLEAN,
        "src/server/routes/api/trucks/admin-routes.ts": "export const adminRoutes = 1;\n",
        "src/server/routes/api/index.ts": 'import { adminRoutes } from "./trucks/admin-routes";\n',
      }),
    ).toEqual([
      "src/server/routes/api/index.ts:1 imports src/server/routes/api/trucks/admin-routes.ts (cross-resource)",
    ]);
  });

  it("reports a plugin (or auth, db, services, http, domain) importing route code", () => {
    expect(
      lines({
        ...CLEAN,
        "src/server/plugins/storage.ts": 'import type { Row } from "../routes/api/trucks/index";\n',
        "src/server/domain/trucks/service.ts": 'import { x } from "../../routes/config";\n',
      }),
    ).toEqual([
      "src/server/domain/trucks/service.ts:1 imports src/server/routes/config (lower layer imports routes)",
      "src/server/plugins/storage.ts:1 imports src/server/routes/api/trucks/index.ts (lower layer imports routes)",
    ]);
  });

  it("reports a ring of domain folders with its path", () => {
    expect(
      lines({
        ...CLEAN,
        "src/server/domain/check-in/service.ts": 'import { findTruck } from "../trucks/service";\n',
        "src/server/domain/yard-day.ts": [
          "// the check-in's day",
          'import { checkIn } from "./check-in/service";',
          'export { rules } from "./check-in/rules";',
        ].join("\n"),
      }),
    ).toEqual([
      "src/server/domain/check-in/service.ts:1 imports src/server/domain/trucks/service.ts (domain cycle check-in -> trucks -> yard-day.ts -> check-in)",
      "src/server/domain/trucks/service.ts:1 imports src/server/domain/yard-day.ts (domain cycle check-in -> trucks -> yard-day.ts -> check-in)",
      "src/server/domain/yard-day.ts:2 imports src/server/domain/check-in/service.ts (domain cycle check-in -> trucks -> yard-day.ts -> check-in; 1 more import(s) the same way)",
    ]);
  });

  it("counts type-only imports in a domain cycle", () => {
    const violations = checkImports(
      tree({
        ...CLEAN,
        "src/server/domain/trucks/service.ts":
          'import type {\n  CheckIn,\n} from "../check-in/service";\n',
      }),
    ).violations;
    expect(violations.map((v) => `${v.file}:${v.line} ${v.rule}`)).toEqual([
      "src/server/domain/check-in/service.ts:1 domain cycle check-in -> trucks -> check-in",
      "src/server/domain/trucks/service.ts:3 domain cycle check-in -> trucks -> check-in",
    ]);
  });

  it("reports a feature importing another, and ui/lib/offline importing a feature", () => {
    expect(
      lines({
        ...CLEAN,
        "src/client/features/board/board-page.tsx":
          'import { poster } from "../public/self-check-in/poster";\n',
        "src/client/lib/http.ts": 'import { BoardPage } from "../features/board/board-page";\n',
      }),
    ).toEqual([
      "src/client/features/board/board-page.tsx:1 imports src/client/features/public/self-check-in/poster.ts (cross-feature)",
      "src/client/lib/http.ts:1 imports src/client/features/board/board-page.tsx (lower layer imports features)",
    ]);
  });

  it("reports feature and resource folders without a README", () => {
    const { "src/server/domain/trucks/README.md": _, ...files } = CLEAN;
    expect(lines({ ...files, "src/client/features/kiosk/kiosk-page.tsx": "export {};\n" })).toEqual(
      [
        "src/client/features/kiosk/ has no README.md (missing README)",
        "src/server/domain/trucks/ has no README.md (missing README)",
      ],
    );
  });

  it("runs on this repository", () => {
    expect(checkImports(REPO).files).toBeGreaterThan(100);
  });
});

describe("importSpecifiers", () => {
  it("reads every import form and nothing in comments, strings or JSX text", () => {
    const code = [
      "import type {",
      "  A,",
      '} from "./a";',
      'import "./side-effect.css";',
      'export * as b from "./b";',
      'export { type C } from "./c";',
      "// import { d } from './d';",
      '/* import("./e") */',
      "const text = \"import f from './f'\";",
      `const template = \`import(\${'./g'}) from "./h"\`;`,
      "const p = <p>Don't import from here</p>;",
      'const lazy = () => import("./i");',
      'type J = typeof import("./j");',
      'vi.mock("./k", () => ({}));',
      "const ratio = a / b; const re = /import ['\"]x['\"]/;",
      "export { l };",
      "const m = import.meta.url;",
    ].join("\n");
    expect(importSpecifiers(code)).toEqual([
      { specifier: "./a", line: 3 },
      { specifier: "./side-effect.css", line: 4 },
      { specifier: "./b", line: 5 },
      { specifier: "./c", line: 6 },
      { specifier: "./i", line: 12 },
      { specifier: "./j", line: 13 },
      { specifier: "./k", line: 14 },
    ]);
  });
});

describe("biome noImportCycles", () => {
  // The repository's biome.json in a scratch folder: its VCS settings need a git root, so
  // they are left out (Biome also resolves the module graph from the config's folder).
  it("fails on a two-file cycle, type-only imports included", () => {
    const config = JSON.parse(readFileSync(join(REPO, "biome.json"), "utf8"));
    delete config.vcs;
    delete config.$schema;
    const root = tree({
      "biome.json": JSON.stringify(config),
      "src/a.ts": 'import { b } from "./b";\n\nexport const a = () => b;\n',
      "src/b.ts": 'import { a } from "./a";\n\nexport const b = () => a;\n',
      "src/c.ts": 'import type { D } from "./d";\n\nexport type C = { d?: D };\n',
      "src/d.ts": 'import type { C } from "./c";\n\nexport type D = { c?: C };\n',
      "src/e.ts": 'import { a } from "./a";\n\nexport const e = a;\n',
    });
    const result = spawnSync(
      join(REPO, "node_modules/.bin/biome"),
      ["lint", "--reporter=github", "."],
      {
        cwd: root,
        encoding: "utf8",
      },
    );
    const cycles = [
      ...result.stdout.matchAll(
        /title=lint\/suspicious\/noImportCycles,file=[^,]*\/(src\/\w\.ts)/g,
      ),
    ];
    expect(cycles.map((match) => match[1]).sort()).toEqual([
      "src/a.ts",
      "src/b.ts",
      "src/c.ts",
      "src/d.ts",
    ]);
    expect(result.status).toBe(1);
  }, 30_000);
});
