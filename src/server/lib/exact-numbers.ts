/**
 * A double holds any decimal of up to 15 significant digits exactly; a number written with more is rounded by
 * JSON.parse without a word (0.009999999999999999999 became 0.01, a cent moved; 1.0000000000000001 became 1).
 */
export const MAX_EXACT_DIGITS = 15;

const NUMBER_CHAR = /[-+0-9.eE]/;

/** The significant digits of a JSON number token's mantissa: no sign, point, exponent, leading or trailing zeros. */
function significantDigits(token: string): number {
  const mantissa = token.replace(/^-/, '').split(/[eE]/)[0].replace('.', '');
  return mantissa.replace(/^0+/, '').replace(/0+$/, '').length;
}

/**
 * JSON text with each number written with more significant digits than MAX_EXACT_DIGITS turned into a string of its
 * own text, so that the schema of the field it was sent for refuses it with that field's message (a number field
 * takes no string), where JSON.parse would have rounded it. The text comes back unchanged, and unread past one
 * pass, when no number needs it.
 */
export function inexactNumbersAsText(text: string): string {
  let out: string[] | null = null;
  let copied = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') {
      inString = true;
      continue;
    }
    if (c !== '-' && (c < '0' || c > '9')) continue;
    let end = i + 1;
    while (end < text.length && NUMBER_CHAR.test(text[end])) end++;
    const token = text.slice(i, end);
    if (significantDigits(token) > MAX_EXACT_DIGITS) {
      out ??= [];
      out.push(text.slice(copied, i), `"${token}"`);
      copied = end;
    }
    i = end - 1;
  }
  return out ? out.join('') + text.slice(copied) : text;
}
