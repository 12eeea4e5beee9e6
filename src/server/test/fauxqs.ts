import { register } from "node:module";

/**
 * fauxqs (a local S3-compatible server that aborts multipart uploads) declares Node >= 22.5: it
 * imports node:sqlite at load, for a persistence the tests never turn on (no dataDir). On
 * Node 20 that import is answered with a stub whose database refuses to open, so the in-memory
 * server runs on every Node the project supports.
 */
const STUB =
  "export class DatabaseSync { constructor() { throw new Error('fauxqs persistence needs Node 22.5'); } }";
const HOOKS = `export async function resolve(specifier, context, next) {
  if (specifier === "node:sqlite") {
    return { url: ${JSON.stringify(`data:text/javascript,${encodeURIComponent(STUB)}`)}, shortCircuit: true };
  }
  return next(specifier, context);
}`;

let hooked = false;

export async function importFauxqs(): Promise<typeof import("fauxqs")> {
  const major = Number(process.versions.node.split(".")[0]);
  if (major < 22 && !hooked) {
    register(`data:text/javascript,${encodeURIComponent(HOOKS)}`);
    hooked = true;
  }
  return import("fauxqs");
}
