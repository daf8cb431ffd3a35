/** The product mark, shared by the navbar and the favicon (web/public/favicon.svg). */
export function BrandLogo({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="var(--color-primary, #2563eb)" />
      <circle cx="15" cy="15" r="7.5" fill="none" stroke="#fff" strokeWidth="3" />
      <path d="M18.5 18.5 24 24" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
