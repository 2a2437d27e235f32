import { useId } from "react";

/** A lost drop drifting off the map: the not-found illustration. */
export function NotFoundIllustration({ width = 220 }: { width?: number }) {
  const id = useId();
  return (
    <svg width={width} viewBox="0 0 240 170" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={`${id}-drop`} x1="90" y1="20" x2="150" y2="140" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#76d8bd" />
          <stop offset="1" stopColor="#008161" />
        </linearGradient>
      </defs>
      <ellipse cx="120" cy="150" rx="78" ry="10" fill="currentColor" opacity="0.08" />
      <path
        d="M26 112c22-30 52-6 72-30M150 40c20-16 44-10 62 6"
        fill="none"
        stroke="currentColor"
        strokeOpacity="0.25"
        strokeWidth="2"
        strokeDasharray="4 7"
        strokeLinecap="round"
      />
      <circle cx="40" cy="44" r="4" fill="#4fcca9" opacity="0.7" />
      <circle cx="206" cy="104" r="6" fill="#4fcca9" opacity="0.45" />
      <circle cx="188" cy="30" r="3" fill="currentColor" opacity="0.25" />
      <path d="M120 18c19 21 34 39 34 58a34 34 0 0 1-68 0c0-19 15-37 34-58Z" fill={`url(#${id}-drop)`} />
      <path
        d="M110 74a10 10 0 1 1 14 9c-3 1.5-4 3.5-4 6.5"
        fill="none"
        stroke="#fff"
        strokeWidth="6"
        strokeLinecap="round"
      />
      <circle cx="120" cy="100" r="3.8" fill="#fff" />
    </svg>
  );
}

/** A drop under construction: the coming-soon illustration. */
export function ComingSoonIllustration({ width = 180 }: { width?: number }) {
  const id = useId();
  return (
    <svg width={width} viewBox="0 0 200 150" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={`${id}-drop`} x1="70" y1="10" x2="130" y2="120" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#a6e6d4" />
          <stop offset="1" stopColor="#14a880" />
        </linearGradient>
      </defs>
      <ellipse cx="100" cy="134" rx="64" ry="8" fill="currentColor" opacity="0.07" />
      <path d="M100 12c17 19 30 35 30 52a30 30 0 0 1-60 0c0-17 13-33 30-52Z" fill={`url(#${id}-drop)`} />
      <circle cx="100" cy="70" r="15" fill="none" stroke="#fff" strokeWidth="4" />
      <path d="M100 62v9l6 4" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
      <rect x="40" y="112" width="120" height="10" rx="5" fill="currentColor" opacity="0.12" />
      <rect x="40" y="112" width="64" height="10" rx="5" fill="#36c49c" />
      <path
        d="M28 40l6 6m0-6-6 6M168 30l5 5m0-5-5 5"
        stroke="currentColor"
        strokeOpacity="0.3"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}
