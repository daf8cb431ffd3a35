/**
 * The web app's Content-Security-Policy (docs/decisions/rich-content.md D182): the one value CloudFront's
 * response headers policy sends with the site and the local server sends with the built app.
 *
 * * Scripts only from the app's own origin: KaTeX and highlight.js are bundled chunks, and nothing is
 *   inline (index.html loads one module), so no `unsafe-inline` and no `unsafe-eval`.
 * * Inline styles allowed: the review heatmap's library adds a `<style>` element (KaTeX's HTML output,
 *   which sized its boxes with `style` attributes, gave way to MathML, D264). Markdown cannot write HTML (markdown-it `html: false`,
 *   then DOMPurify), so no question text reaches either; CSS cannot run script.
 * * Images from the origin alone: question images are served under `/api/exam/…/images/…` of the same
 *   origin (D137), so no image host and no `data:` are needed; an outside image URL in a question is not
 *   loaded (its alt text shows), which also keeps tracking pixels out.
 * * Fonts from the origin and `data:` (a style sheet may inline a small font as a data URL).
 * * Connections to the origin and to the files bucket: a question file is uploaded by the browser
 *   straight to S3 with a presigned PUT (the bucket's regional host in AWS, s3rver locally).
 * * The installed app (D387): its service worker (`/sw.js`) and web app manifest from the origin, named
 *   outright rather than left to `default-src`, so tightening that one cannot break installing.
 */
export function contentSecurityPolicy(uploadOrigin?: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self'",
    "font-src 'self' data:",
    uploadOrigin ? `connect-src 'self' ${uploadOrigin}` : "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}
