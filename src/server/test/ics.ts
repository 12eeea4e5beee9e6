/**
 * A small RFC 5545 reader for the tests: unfolds lines and reads each component's properties
 * (name, parameters, value), so a test checks what a calendar would read from a mailed .ics.
 */
export interface IcsProperty {
  name: string;
  params: Record<string, string>;
  value: string;
}

export interface IcsComponent {
  type: string;
  properties: IcsProperty[];
  components: IcsComponent[];
  get(name: string): IcsProperty | undefined;
}

function component(type: string): IcsComponent {
  const properties: IcsProperty[] = [];
  return {
    type,
    properties,
    components: [],
    get: (name) => properties.find((property) => property.name === name),
  };
}

export function parseIcs(text: string): IcsComponent {
  const lines = text
    .replace(/\r?\n[ \t]/g, "")
    .split(/\r?\n/)
    .filter(Boolean);
  const stack: IcsComponent[] = [];
  let root: IcsComponent | undefined;
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon < 0) throw new Error(`not a content line: ${line}`);
    const [name = "", ...rawParams] = line.slice(0, colon).split(";");
    const value = line.slice(colon + 1);
    if (name === "BEGIN") {
      const child = component(value);
      stack.at(-1)?.components.push(child);
      stack.push(child);
      root ??= child;
    } else if (name === "END") {
      if (stack.pop()?.type !== value) throw new Error(`unbalanced END:${value}`);
    } else {
      const params = Object.fromEntries(rawParams.map((param) => param.split("=", 2)));
      const current = stack.at(-1);
      if (!current) throw new Error(`property outside a component: ${line}`);
      current.properties.push({ name, params, value });
    }
  }
  if (!root || stack.length > 0) throw new Error("not a complete calendar");
  return root;
}
