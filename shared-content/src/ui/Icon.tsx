import type { ReactNode } from 'react';
import type { IconName } from '../entities/index.ts';

/** 24×24 line icons drawn for this site (stroke = currentColor), so nothing loads from an icon CDN. */
const glyphs: Record<IconName, ReactNode> = {
  code: <path d="M8 7l-5 5 5 5M16 7l5 5-5 5M14 4l-4 16" />,
  mobile: (
    <>
      <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
      <path d="M10.5 18.5h3" />
    </>
  ),
  design: (
    <>
      <path d="M12 3a9 9 0 1 0 0 18c1.1 0 1.6-.8 1.6-1.6 0-1.2-1-1.4-1-2.5 0-.9.7-1.5 1.6-1.5H16a5 5 0 0 0 5-5c0-4.1-4-7.4-9-7.4z" />
      <circle cx="7.5" cy="11" r="1" />
      <circle cx="10" cy="7" r="1" />
      <circle cx="15" cy="7.5" r="1" />
    </>
  ),
  cart: (
    <>
      <path d="M3 4h2.2l2.1 10.2a1.5 1.5 0 0 0 1.5 1.2h8.4a1.5 1.5 0 0 0 1.5-1.1L20.5 8H6.2" />
      <circle cx="9.5" cy="19.5" r="1.3" />
      <circle cx="17" cy="19.5" r="1.3" />
    </>
  ),
  search: (
    <>
      <circle cx="11" cy="11" r="6.5" />
      <path d="M16 16l4.5 4.5" />
    </>
  ),
  megaphone: (
    <path d="M4 10v4a1 1 0 0 0 1 1h2l8 4V5L7 9H5a1 1 0 0 0-1 1zM18 9.5a3.5 3.5 0 0 1 0 5M8 15l1 5" />
  ),
  software: (
    <>
      <rect x="3" y="4" width="18" height="13" rx="2" />
      <path d="M8 21h8M12 17v4M7.5 9l2 1.5-2 1.5M11.5 12.5h4" />
    </>
  ),
  lightbulb: (
    <path d="M9 18h6M10 21h4M12 3a6 6 0 0 0-3.6 10.8c.7.5 1.1 1.3 1.1 2.2h5c0-.9.4-1.7 1.1-2.2A6 6 0 0 0 12 3z" />
  ),
  plan: (
    <>
      <rect x="4" y="3.5" width="16" height="17" rx="2" />
      <path d="M8 8.5h8M8 12.5h8M8 16.5h5" />
    </>
  ),
  rocket: (
    <path d="M12.5 15.5l-4-4c1.6-4.6 5-7.6 11-8-.4 6-3.4 9.4-8 11zM8.5 11.5L5 11l3-4h4M12.5 15.5l.5 3.5 4-3v-4M6.5 17.5c-1 1-1.5 3-1.5 3s2-.5 3-1.5" />
  ),
  check: <path d="M5 12.5l4.5 4.5L19 7.5" />,
  phone: (
    <path d="M5 4h3.5l1.7 4.3-2.2 1.4a11 11 0 0 0 6.3 6.3l1.4-2.2L20 15.5V19a1.5 1.5 0 0 1-1.6 1.5C10.9 20 4 13.1 3.5 5.6A1.5 1.5 0 0 1 5 4z" />
  ),
  mail: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3.5 6.5l8.5 6.5 8.5-6.5" />
    </>
  ),
  location: (
    <>
      <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </>
  ),
  clock: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" />
    </>
  ),
  chat: <path d="M4 18.5l1.3-3.6A8 8 0 1 1 8.6 18l-4.6.5zM8.5 10.5h7M8.5 13.5h4.5" />,
  facebook: (
    <path d="M14.5 8H16.5V4.5h-2.6C11.3 4.5 10 6 10 8.6V11H7.5v3.5H10V21h3.5v-6.5h2.6l.5-3.5h-3.1V9c0-.7.3-1 1-1z" />
  ),
  twitter: <path d="M5 4.5l5.9 7.9L5 19.5h1.7l5-5.9 4.3 5.9h3.5l-6.2-8.4 5.5-6.6h-1.7l-4.6 5.5-4-5.5H5z" />,
  instagram: (
    <>
      <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.2" cy="6.8" r="0.6" />
    </>
  ),
  linkedin: (
    <>
      <rect x="3.5" y="3.5" width="17" height="17" rx="2.5" />
      <path d="M8 10.5V17M8 7.5v.1M11.5 17v-6.5M11.5 13.2c0-1.6 1.1-2.7 2.5-2.7s2.5 1 2.5 2.7V17" />
    </>
  ),
  github: (
    <path d="M9 19.5c-4 1.2-4-2-5.5-2.5M14.5 21.5v-3.3c0-1 .1-1.4-.5-2 2.6-.3 5.2-1.3 5.2-5.7a4.4 4.4 0 0 0-1.2-3.1 4 4 0 0 0-.1-3s-1-.3-3.3 1.2a11.3 11.3 0 0 0-5.9 0C6.5 4.1 5.5 4.4 5.5 4.4a4 4 0 0 0-.1 3 4.4 4.4 0 0 0-1.2 3.1c0 4.4 2.6 5.4 5.2 5.7-.6.6-.6 1.2-.5 2v3.3" />
  ),
  payment: (
    <>
      <rect x="2.5" y="5.5" width="19" height="13" rx="2" />
      <path d="M2.5 10h19M6.5 14.5h4" />
    </>
  ),
  server: (
    <>
      <rect x="3.5" y="4" width="17" height="7" rx="1.5" />
      <rect x="3.5" y="13" width="17" height="7" rx="1.5" />
      <path d="M7 7.5h.01M7 16.5h.01M11 7.5h6M11 16.5h6" />
    </>
  ),
  language: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M3.5 12h17M12 3.5c2.3 2.4 3.4 5.2 3.4 8.5s-1.1 6.1-3.4 8.5c-2.3-2.4-3.4-5.2-3.4-8.5S9.7 5.9 12 3.5z" />
    </>
  ),
  quote: (
    <path d="M10 7.5c-3 .8-5 3.3-5 6.5v3.5h5V13H7.5c0-1.8 1.1-3.2 2.5-3.6zM19 7.5c-3 .8-5 3.3-5 6.5v3.5h5V13h-2.5c0-1.8 1.1-3.2 2.5-3.6z" />
  ),
  pause: <path d="M9 5.5v13M15 5.5v13" />,
  play: <path d="M7.5 5l11 7-11 7z" />,
};

export interface IconProps {
  name: IconName;
  size?: number;
  /** Icons are decorative unless given a title; the text beside them carries the meaning. */
  title?: string;
  className?: string;
}

export function Icon({ name, size = 24, title, className }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
      focusable="false"
    >
      {glyphs[name]}
    </svg>
  );
}
