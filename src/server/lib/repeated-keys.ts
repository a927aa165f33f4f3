/**
 * The first key that one object of a JSON text holds twice, as the path of the second (`amount`,
 * `beneficiaries.0.first_name`), or undefined. JSON.parse keeps the last of the two without a word, so
 * `{"amount": 0.01, "amount": 2500}` moved $2,500 while a log, a proxy or a reviewer reading the first saw one
 * cent; a multipart field sent twice is refused for the same reason (routes/onboarding/uploads.ts). Keys are
 * compared as parsed, so `"amount"` and `"\u0061mount"` are the same key. Reads text JSON.parse accepted.
 */
export function repeatedKey(text: string): string | undefined {
  // One frame per open object or array: the keys seen so far (objects), the items counted (arrays), and the name the
  // container has in its parent.
  const frames: Array<{ keys?: Set<string>; index: number; name: string; expectKey: boolean; lastKey: string }> = [];
  const pathTo = (leaf: string) => [...frames.slice(1).map((f) => f.name), leaf].filter((p) => p !== '').join('.');
  const childName = () => {
    const top = frames[frames.length - 1];
    if (!top) return '';
    return top.keys ? top.lastKey : String(top.index);
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      if (end >= text.length) return undefined;
      const top = frames[frames.length - 1];
      if (top?.keys && top.expectKey) {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        if (top.keys.has(key)) return pathTo(key);
        top.keys.add(key);
        top.lastKey = key;
        top.expectKey = false;
      }
      i = end;
    } else if (c === '{' || c === '[') {
      frames.push({ keys: c === '{' ? new Set() : undefined, index: 0, name: childName(), expectKey: c === '{', lastKey: '' });
    } else if (c === '}' || c === ']') {
      frames.pop();
    } else if (c === ',') {
      const top = frames[frames.length - 1];
      if (top?.keys) top.expectKey = true;
      else if (top) top.index += 1;
    }
  }
  return undefined;
}
