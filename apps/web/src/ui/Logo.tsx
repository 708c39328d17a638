import { LOGO_DEFAULT_SIZE } from "@coordina/domain";

export function Logo({ size = LOGO_DEFAULT_SIZE }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label="Coordina">
      <rect width="32" height="32" rx="6" fill="#1c7ed6" />
      <path d="M9 22V12l7-5 7 5v10h-5v-6h-4v6z" fill="#fff" />
      <circle cx="24" cy="24" r="5" fill="#01af01" stroke="#fff" strokeWidth="1.5" />
    </svg>
  );
}
