/** Text made safe inside HTML, in an element or a quoted attribute. */
export const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** JSON safe to inline in a script element: `<` is escaped, so no value can close the tag. */
export const inlineJson = (data: unknown) => JSON.stringify(data).replace(/</g, '\\u003c');

/** A page's schema.org data as its script tag. */
export const jsonLdScriptTag = (data: Record<string, unknown>) =>
  `<script type="application/ld+json">${inlineJson(data)}</script>`;
