import sanitizeHtml from "sanitize-html";

/**
 * The one way a legal text is stored (issue 23 part 4, "Rich text is stored sanitized"): an allow-list of what
 * the editor produces — paragraphs, headings, bold, italic, underline, lists, line breaks and links — and
 * nothing else. Everything outside it goes: `script` and `style` with their content, every `on*`, `style` and
 * `class` attribute, links other than http(s) and mailto (so no `javascript:` or `data:`), protocol-relative
 * links. Links open in a new tab with `rel="noopener noreferrer"`, whatever the input said. The stored HTML is
 * served as it is, so a script never reaches another user's browser through it.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "h2", "h3", "h4", "strong", "b", "em", "i", "u", "s", "ul", "ol", "li", "a"],
  allowedAttributes: { a: ["href", "target", "rel"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Tiptap's top heading and other editors' ones become the page's sub-headings (the page keeps its own h1).
  transformTags: {
    h1: "h2",
    h5: "h4",
    h6: "h4",
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href ? { href: attribs.href } : {}),
        target: "_blank",
        rel: "noopener noreferrer",
      },
    }),
  },
};

/** The stored form of a legal text (a link whose address was refused stays as an inert `<a>` with its text). */
export function sanitizeLegalHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
