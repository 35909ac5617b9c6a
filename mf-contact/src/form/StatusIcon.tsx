export interface StatusIconProps {
  tone: 'success' | 'error';
}

/** A tick in a circle or an exclamation mark in a circle, drawn here so nothing loads from an icon CDN. */
export function StatusIcon({ tone }: StatusIconProps) {
  return (
    <svg
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="9.5" />
      {tone === 'success' ? <path d="M7.5 12.5l3 3 6-6.5" /> : <path d="M12 7v6M12 16.5v.5" />}
    </svg>
  );
}
