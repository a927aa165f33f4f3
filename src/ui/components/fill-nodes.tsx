import { Fragment, type ReactNode } from 'react';

/**
 * A message with its {placeholders} filled by elements (a name in bold): fillText's words, but the values may be
 * React nodes. A placeholder without a value stays as written, as fillText leaves it.
 */
export function fillNodes(text: string, values: Record<string, ReactNode>): ReactNode {
  return text.split(/(\{\w+\})/).map((part, i) => {
    const key = /^\{(\w+)\}$/.exec(part)?.[1];
    return <Fragment key={i}>{key !== undefined && Object.hasOwn(values, key) ? values[key] : part}</Fragment>;
  });
}
