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

/**
 * The opening of a page the Worker serves itself, kept out of search engines (a private link's,
 * a test checkout's): up to its `<main>`. `title` is escaped here; `stylesheet` is the code's own path.
 */
export const privatePageStart = (title: string, stylesheet: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${stylesheet}">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
</head>
<body>
<main>`;
