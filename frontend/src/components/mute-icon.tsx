import type { SVGProps } from 'react';

/** A speaker struck through (24×24, stroke = currentColor), decorative: the mute items' icon. Kept out of icons.tsx, which the guest's first page loads. */
export function MuteIcon({ size = 18, ...rest }: SVGProps<SVGSVGElement> & { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" className="icon" aria-hidden focusable="false" {...rest}>
      <path d="M11 5 6 9H2v6h4l5 4V5z" />
      <path d="m23 9-6 6M17 9l6 6" />
    </svg>
  );
}
