import { Typography } from "@mantine/core";

/**
 * A colegio's legal text as the server stores it: HTML sanitized on the server before it was saved (an
 * allow-list of paragraphs, headings, emphasis, lists and safe links; no script, no `on*`, no style), so it is
 * shown as it comes. Nothing else may be given to it.
 */
export function SanitizedHtml({ html, testId }: { html: string; testId?: string }) {
  return (
    <Typography fz="sm" data-testid={testId}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server (legal-texts/sanitize.ts) before it is stored */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
