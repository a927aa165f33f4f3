/**
 * What the build gives RJSF in place of markdown-to-jsx (vite.config.ts `resolve.alias`): RJSF's core imports
 * it for descriptions and help with `enableMarkdownInDescription`/`enableMarkdownInHelp` (which the forms may
 * not use: forms/form.ui.meta.schema.json refuses them) and for a few of its own messages, and it was a fifth of
 * the form renderer's script. Those messages are shown as plain text, without their `**` and backticks.
 */
export function Markdown({ children }: { children?: unknown }) {
  return <>{typeof children === 'string' ? children.replace(/\*\*|`/g, '') : children}</>;
}

export default Markdown;
