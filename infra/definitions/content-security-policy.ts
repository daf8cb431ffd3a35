/**
 * The web app's Content-Security-Policy (docs/decisions/rich-content.md D182): the one value CloudFront's
 * response headers policy sends with the site and the local server sends with the built app.
 *
 * * Scripts only from the app's own origin: KaTeX and highlight.js are bundled chunks, and nothing is
 *   inline (index.html loads one module), so no `unsafe-inline` and no `unsafe-eval`.
 * * Style sheets only from the origin, but `style` attributes allowed: KaTeX's HTML output sizes its
 *   boxes with them (`style="height:…"`). Markdown cannot write attributes (markdown-it `html: false`),
 *   so only KaTeX's own output uses that allowance. `style-src-elem` keeps `<style>` elements out in
 *   browsers that know it.
 * * Images from the origin alone: question images are served under `/api/exam/…/images/…` of the same
 *   origin (D137), so no image host and no `data:` are needed; an outside image URL in a question is not
 *   loaded (its alt text shows), which also keeps tracking pixels out.
 * * Fonts from the origin and `data:`: the KaTeX style sheet inlines its smallest fonts as data URLs.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "style-src-elem 'self'",
  "img-src 'self'",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');
