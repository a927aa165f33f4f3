type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The list name a `$ref` to a list file names ("../lists/roles.json" -> "roles"), or null. */
export function listNameOfRef(ref: string): string | null {
  const match = /(?:^|\/)lists\/([a-z0-9-]+)\.json$/.exec(ref);
  return match ? match[1] : null;
}

/**
 * Replaces each `$ref` to a list file with the list's keywords merged into the referring property (keys the
 * property already has win), so the schema is self-contained and its `errorMessage` covers the list's keywords.
 * The server's loader and the browser's precompiler both call this, so both validate the same schema.
 */
export function inlineListRefs<T>(schema: T, lists: Record<string, unknown>, onMissing?: (ref: string) => void): T {
  const walk = (node: Json): Json => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    const out: { [key: string]: Json } = {};
    for (const [key, value] of Object.entries(node)) {
      const name = key === '$ref' && typeof value === 'string' ? listNameOfRef(value) : null;
      if (name === null) {
        out[key] = walk(value);
        continue;
      }
      const list = lists[name] as { [key: string]: Json } | undefined;
      if (!list) {
        if (onMissing) onMissing(value as string);
        else throw new Error(`Unknown list ${String(value)}: no forms/lists/${name}.json`);
        continue;
      }
      for (const [k, v] of Object.entries(walk(list) as { [key: string]: Json })) if (k !== '$comment' && k !== '$schema' && !(k in node)) out[k] = v;
    }
    return out;
  };
  return walk(schema as Json) as T;
}
