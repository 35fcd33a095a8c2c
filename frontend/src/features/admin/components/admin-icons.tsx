// Icons only the back office uses, drawn like components/icons.tsx (24×24, stroke = currentColor).
import type { ReactNode } from 'react';

function Svg({ size = 18, children }: { size?: number; children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className="icon"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export function ExternalLinkIcon({ size }: { size?: number }) {
  return (
    <Svg size={size}>
      <path d="M14 4h6v6" />
      <path d="M20 4 11 13" />
      <path d="M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
    </Svg>
  );
}

export function TrashIcon({ size }: { size?: number }) {
  return (
    <Svg size={size}>
      <path d="M4 7h16" />
      <path d="M10 11v6M14 11v6" />
      <path d="M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12" />
      <path d="M9 7V4h6v3" />
    </Svg>
  );
}

export function ChevronLeftIcon({ size }: { size?: number }) {
  return (
    <Svg size={size}>
      <path d="m15 18-6-6 6-6" />
    </Svg>
  );
}

export function ChevronRightIcon({ size }: { size?: number }) {
  return (
    <Svg size={size}>
      <path d="m9 18 6-6-6-6" />
    </Svg>
  );
}

export function ActivityIcon({ size }: { size?: number }) {
  return (
    <Svg size={size}>
      <path d="M3 12h4l3-8 4 16 3-8h4" />
    </Svg>
  );
}
