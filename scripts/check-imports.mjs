#!/usr/bin/env node
// `node scripts/check-imports.mjs` (a step of `npm run check`): the folder rules Biome cannot
// express. Reads the import specifiers (static, `export ... from`, dynamic `import()`,
// `vi.mock`) of every src/**/*.{ts,tsx} and reports, as `file:line imports target (rule)`:
// - cross-resource: a route folder (routes/api/<a>/, routes/<a>/) imports another one; only
//   routes/api/index.ts, the table of every resource, imports each resource's index.ts;
// - lower layer imports routes: plugins, auth, db, services, http or domain import routes/;
// - domain cycle: server/domain/<a> and <b> import each other, directly or through other
//   domain folders (a file directly in domain/ is a module of its own);
// - cross-feature: client/features/<a> imports features/<b> (a feature is the first folder
//   under features/, so public/site and public/self-check-in are one);
// - lower layer imports features: client/ui, lib or offline import features/;
// - missing README: a folder of features/, routes/api/ or domain/ without README.md.
// Import cycles between files are Biome's (suspicious/noImportCycles in biome.json).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, posix, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const SOURCE = /\.tsx?$/;
const RESOLVE_SUFFIXES = ["", ".ts", ".tsx", ".d.ts", "/index.ts", "/index.tsx"];
const MOCK_CALLS = new Set(["mock", "doMock", "unmock", "doUnmock", "importActual", "importMock"]);
/** Names after which a `/` starts a regular expression rather than a division. */
const BEFORE_EXPRESSION = new Set(
  "return typeof instanceof in of new delete void throw case do else yield await".split(" "),
);

/** Tokens of TS/TSX source: names, punctuation and string literals (comments dropped). */
function tokenize(code) {
  const tokens = [];
  const templates = []; // brace depth at each open `${`
  let depth = 0;
  let line = 1;
  let i = 0;
  const push = (type, value, at = line) => tokens.push({ type, value, line: at });
  const regexAllowed = () => {
    const last = tokens.at(-1);
    if (!last) return true;
    if (last.type === "name") return BEFORE_EXPRESSION.has(last.value);
    return last.type === "punct" && !")]}".includes(last.value);
  };
  // Reads a string or regular expression body up to `end`; stops at a line end (so a stray
  // quote in JSX text spoils one line at most). Returns the text read.
  const readLine = (end) => {
    let text = "";
    let inClass = false;
    while (i < code.length && code[i] !== "\n") {
      const c = code[i++];
      if (c === "\\") {
        if (code[i] === "\n") line++;
        text += code[i++] ?? "";
      } else if (end === "/" && (c === "[" || c === "]")) {
        inClass = c === "[";
        text += c;
      } else if (c === end && !inClass) return text;
      else text += c;
    }
    return null;
  };
  // Reads template text after "`" or after the `}` closing a `${`.
  const readTemplate = () => {
    while (i < code.length) {
      const c = code[i++];
      if (c === "\n") line++;
      else if (c === "\\") {
        if (code[i] === "\n") line++;
        i++;
      } else if (c === "`") return push("template", "");
      else if (c === "$" && code[i] === "{") {
        i++;
        templates.push(depth);
        return;
      }
    }
  };
  while (i < code.length) {
    const c = code[i];
    if (c === "\n") {
      line++;
      i++;
    } else if (c === " " || c === "\t" || c === "\r") i++;
    else if (c === "/" && code[i + 1] === "/") {
      while (i < code.length && code[i] !== "\n") i++;
    } else if (c === "/" && code[i + 1] === "*") {
      const end = code.indexOf("*/", i + 2);
      const stop = end === -1 ? code.length : end + 2;
      for (; i < stop; i++) if (code[i] === "\n") line++;
    } else if (c === '"' || c === "'") {
      const at = line;
      i++;
      const text = readLine(c);
      if (text !== null) push("string", text, at);
    } else if (c === "`") {
      i++;
      readTemplate();
    } else if (c === "/" && regexAllowed()) {
      i++;
      readLine("/");
      push("regex", "");
    } else if (/[A-Za-z_$]/.test(c)) {
      const start = i;
      while (i < code.length && /[\w$]/.test(code[i])) i++;
      push("name", code.slice(start, i));
    } else if (/[0-9]/.test(c)) {
      while (i < code.length && /[\w.]/.test(code[i])) i++;
      push("number", "");
    } else {
      i++;
      if (c === "{") depth++;
      else if (c === "}") {
        if (templates.at(-1) === depth) {
          templates.pop();
          readTemplate();
          continue;
        }
        depth--;
      }
      push("punct", c);
    }
  }
  return tokens;
}

/** Every module specifier the source names, with the line it is written on. */
export function importSpecifiers(code) {
  const tokens = tokenize(code);
  const found = [];
  const is = (k, type, value) =>
    tokens[k]?.type === type && (value === undefined || tokens[k].value === value);
  const take = (k) => found.push({ specifier: tokens[k].value, line: tokens[k].line });
  // From k (inside an import/export clause) on to `from "x"`; stops at the statement's end.
  const fromClause = (k) => {
    for (let braces = 0; k < tokens.length; k++) {
      if (is(k, "punct", "{")) braces++;
      else if (is(k, "punct", "}")) braces--;
      else if (braces === 0 && is(k, "punct", ";")) return;
      else if (braces === 0 && is(k, "name", "from") && is(k + 1, "string")) return take(k + 1);
      else if (is(k, "name", "require") && is(k + 1, "punct", "(") && is(k + 2, "string"))
        return take(k + 2);
      if (braces < 0 || (braces === 0 && is(k, "punct", "}") && !is(k + 1, "name", "from"))) return;
    }
  };
  for (let k = 0; k < tokens.length; k++) {
    if (is(k - 1, "punct", ".")) continue;
    if (is(k, "name", "import")) {
      if (is(k + 1, "punct", "(") && is(k + 2, "string")) take(k + 2);
      else if (is(k + 1, "string")) take(k + 1);
      else if (is(k + 1, "name") || is(k + 1, "punct", "{") || is(k + 1, "punct", "*"))
        fromClause(k + 1);
    } else if (is(k, "name", "export")) {
      const next = is(k + 1, "name", "type") ? k + 2 : k + 1;
      if (is(next, "punct", "{") || is(next, "punct", "*")) fromClause(next);
    } else if (
      is(k, "name", "vi") &&
      is(k + 1, "punct", ".") &&
      MOCK_CALLS.has(tokens[k + 2]?.value) &&
      is(k + 3, "punct", "(") &&
      is(k + 4, "string")
    ) {
      take(k + 4);
    }
  }
  return found;
}

/** Files under `dir` (recursive), as root-relative posix paths. */
function walk(root, dir) {
  const base = join(root, dir);
  if (!existsSync(base)) return [];
  return readdirSync(base, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join("/"));
}

/** The sub-folders of `dir` (root-relative). */
function folders(root, dir) {
  const base = join(root, dir);
  if (!existsSync(base)) return [];
  return readdirSync(base, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${dir}/${entry.name}`)
    .sort();
}

/** The root-relative file a relative specifier names (its path as written when not found). */
function resolveImport(root, known, from, specifier) {
  const path = posix.normalize(posix.join(posix.dirname(from), specifier.replace(/[?#].*$/, "")));
  const stems = [path, path.replace(/\.[cm]?jsx?$/, "")];
  for (const stem of stems) {
    for (const suffix of RESOLVE_SUFFIXES) {
      const candidate = stem + suffix;
      if (
        known.has(candidate) ||
        (!candidate.startsWith("src/") && existsSync(join(root, candidate)))
      )
        return candidate;
    }
  }
  return path;
}

const first = (pattern, path) => pattern.exec(path)?.[1];
/** routes/api/<x> or routes/<x> (x a folder), else undefined. */
const routeFolder = (path) =>
  first(/^src\/server\/routes\/(api\/[^/]+)\//, path) ??
  first(/^src\/server\/routes\/((?!api\/)[^/]+)\//, path);
const feature = (path) => first(/^src\/client\/features\/([^/]+)\//, path);
/** A domain folder's name, or the file name of a module directly in domain/. */
const domainModule = (path) => first(/^src\/server\/domain\/([^/]+\/|[^/]+$)/, path);
const LOWER_SERVER = /^src\/server\/(plugins|auth|db|services|http|domain)\//;
const LOWER_CLIENT = /^src\/client\/(ui|lib|offline)\//;
const API_TABLE = "src/server/routes/api/index.ts";

/** The rule a single import breaks, if any. */
function ruleFor(file, target) {
  const to = routeFolder(target);
  if (file.startsWith("src/server/routes/") && to && routeFolder(file) !== to) {
    const table = file === API_TABLE && /^src\/server\/routes\/api\/[^/]+\/index\.ts$/.test(target);
    if (!table) return "cross-resource";
  }
  if (LOWER_SERVER.test(file) && target.startsWith("src/server/routes/")) {
    return "lower layer imports routes";
  }
  const [a, b] = [feature(file), feature(target)];
  if (a && b && a !== b) return "cross-feature";
  if (LOWER_CLIENT.test(file) && target.startsWith("src/client/features/")) {
    return "lower layer imports features";
  }
  return undefined;
}

/** Strongly connected components of a graph (Map node -> Set of nodes), Tarjan's. */
function components(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (node) => {
    index.set(node, index.size);
    low.set(node, index.get(node));
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

/** The shortest cycle through `start` inside `members` (breadth first), as a node list. */
function shortestCycle(graph, members, start) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (next === start) {
        const path = [node];
        while (previous.get(path[0]) !== null) path.unshift(previous.get(path[0]));
        return [...path, start];
      }
      if (members.has(next) && !previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start];
}

/** Violations of the domain folders importing each other in a ring. */
function domainCycles(imports) {
  const graph = new Map();
  const sites = new Map(); // "a b" -> the imports from a to b
  for (const site of imports) {
    const [a, b] = [domainModule(site.file), domainModule(site.target)];
    if (!a || !b || a === b) continue;
    if (!graph.has(a)) graph.set(a, new Set());
    graph.get(a).add(b);
    const key = `${a} ${b}`;
    sites.set(key, [...(sites.get(key) ?? []), site]);
  }
  const violations = [];
  const reported = new Set();
  for (const component of components(graph)) {
    const members = new Set(component);
    const covered = new Set();
    for (const start of component) {
      if (covered.has(start)) continue;
      const cycle = shortestCycle(graph, members, start);
      const name = cycle.map((node) => node.replace(/\/$/, "")).join(" -> ");
      for (let k = 0; k + 1 < cycle.length; k++) {
        covered.add(cycle[k]);
        const key = `${cycle[k]} ${cycle[k + 1]}`;
        if (reported.has(key)) continue;
        reported.add(key);
        const [site, ...more] = sites.get(key);
        const also = more.length > 0 ? `; ${more.length} more import(s) the same way` : "";
        violations.push({ ...site, rule: `domain cycle ${name}${also}` });
      }
    }
  }
  return violations;
}

const README_ROOTS = ["src/client/features", "src/server/routes/api", "src/server/domain"];

/**
 * Checks the tree under `root` (a repository root with src/). Returns the number of source
 * files read and the violations, each {file, line, target, rule} (line and target are absent
 * for "missing README", where file is the folder).
 */
export function checkImports(root) {
  const files = walk(root, "src").sort();
  const known = new Set(files);
  const sources = files.filter((path) => SOURCE.test(path));
  const imports = [];
  for (const file of sources) {
    const code = readFileSync(join(root, file), "utf8");
    for (const { specifier, line } of importSpecifiers(code)) {
      if (!specifier.startsWith(".")) continue;
      imports.push({ file, line, target: resolveImport(root, known, file, specifier) });
    }
  }
  const violations = [];
  for (const site of imports) {
    const rule = ruleFor(site.file, site.target);
    if (rule) violations.push({ ...site, rule });
  }
  violations.push(...domainCycles(imports));
  for (const folder of README_ROOTS.flatMap((dir) => folders(root, dir))) {
    if (!known.has(`${folder}/README.md`))
      violations.push({ file: `${folder}/`, rule: "missing README" });
  }
  return { files: sources.length, violations };
}

/** One violation as a line: `file:line imports target (rule)`. */
export function formatViolation({ file, line, target, rule }) {
  return target === undefined
    ? `${file} has no README.md (${rule})`
    : `${file}:${line} imports ${target} (${rule})`;
}

/** "cross-feature 2, missing README 5": counts per rule (domain cycles counted together). */
export function summarize(violations) {
  const counts = new Map();
  for (const { rule } of violations) {
    const name = rule.startsWith("domain cycle") ? "domain cycle" : rule;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts].map(([rule, count]) => `${rule} ${count}`).join(", ");
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
  const { files, violations } = checkImports(root);
  for (const violation of violations) console.log(formatViolation(violation));
  if (violations.length > 0) {
    console.log(`${violations.length} import rule violation(s): ${summarize(violations)}`);
    process.exit(1);
  }
  console.log(`${files} files: no cross-resource or cross-feature import, no domain cycle`);
}
