/**
 * A small JSON reader for the checker: the parsed value, plus the line and column where each JSON path
 * (JSON pointer) starts, and for a broken file the line and column of the first mistake.
 */

export interface Position {
  line: number;
  column: number;
}

export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: Position,
  ) {
    super(message);
  }
}

export interface JsonSource {
  value: unknown;
  /** Where the value at a JSON pointer starts (for a key: where the key starts); undefined when absent. */
  locate(pointer: string): Position | undefined;
}

const escapeToken = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Parses `text` as JSON (JSON.parse decides the value); throws JsonSyntaxError with the line and column. */
export function parseJsonSource(text: string): JsonSource {
  const starts = new Map<string, number>();
  let i = 0;
  const position = (offset: number): Position => {
    const before = text.slice(0, offset).split('\n');
    return { line: before.length, column: before[before.length - 1].length + 1 };
  };
  const fail = (what: string): never => {
    const found = i >= text.length ? 'the end of the file' : `"${text[i]}"`;
    throw new JsonSyntaxError(`${what}, found ${found}`, position(Math.min(i, text.length)));
  };
  const space = () => {
    while (i < text.length && /\s/.test(text[i])) i++;
  };
  const string = () => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\n') fail('a string runs past the end of the line (missing closing quote)');
      i += text[i] === '\\' ? 2 : 1;
    }
    if (i >= text.length) fail('a string is not closed');
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (pointer: string): void => {
    space();
    starts.set(pointer, i);
    const c = text[i];
    if (c === '{') return object(pointer);
    if (c === '[') return array(pointer);
    if (c === '"') return void string();
    const literal = /^(true|false|null|-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?)/.exec(text.slice(i));
    if (!literal) fail('expected a value (a string in double quotes, number, true, false, null, { or [)');
    i += literal![0].length;
  };
  const object = (pointer: string) => {
    i++;
    space();
    if (text[i] === '}') return void i++;
    const keys = new Set<string>();
    for (;;) {
      space();
      if (text[i] !== '"') fail('expected a key in double quotes');
      const keyStart = i;
      const key = string();
      // JSON.parse keeps the last of two equal keys without a word: a second step or field of the same name
      // silently replaced the first.
      if (keys.has(key)) {
        i = keyStart;
        throw new JsonSyntaxError(`the key "${key}" appears twice in this object (the later one would silently replace the earlier)`, position(keyStart));
      }
      keys.add(key);
      starts.set(`${pointer}/${escapeToken(key)}#key`, keyStart);
      space();
      if (text[i] !== ':') fail('expected ":" after the key');
      i++;
      value(`${pointer}/${escapeToken(key)}`);
      space();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === '}') return void i++;
      fail('expected "," or "}" (a missing comma?)');
    }
  };
  const array = (pointer: string) => {
    i++;
    space();
    if (text[i] === ']') return void i++;
    for (let n = 0; ; n++) {
      value(`${pointer}/${n}`);
      space();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === ']') return void i++;
      fail('expected "," or "]" (a missing comma?)');
    }
  };
  value('');
  space();
  if (i < text.length) fail('unexpected text after the end of the JSON');
  const parsed = JSON.parse(text);
  return {
    value: parsed,
    locate(pointer) {
      const normal = pointer === '/' ? '' : pointer;
      const offset = starts.get(`${normal}#key`) ?? starts.get(normal);
      return offset === undefined ? undefined : position(offset);
    },
  };
}

/** Reads and parses a JSON file; broken JSON throws naming `label`, the line and the column (npm run config:check says more). */
export function readJsonFile(file: string, label: string, readText: (file: string) => string): unknown {
  const text = readText(file);
  try {
    return parseJsonSource(text).value;
  } catch (error) {
    const at = error instanceof JsonSyntaxError ? `:${error.position.line}:${error.position.column}` : '';
    throw new Error(`${label}${at}: not valid JSON (${(error as Error).message}); run npm run config:check`);
  }
}
