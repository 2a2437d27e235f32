import type { WalletId } from "./wallets";

/** Simplified wallet marks (drawn here, not brand assets), sized for the wallet dialog. */
export function WalletIcon({ wallet, size = 36 }: { wallet: WalletId; size?: number }) {
  const common = {
    width: size,
    height: size,
    viewBox: "0 0 40 40",
    focusable: false,
  } as const;
  switch (wallet) {
    case "metamask":
      return (
        <svg aria-hidden="true" {...common}>
          <rect width="40" height="40" rx="10" fill="#fff4e8" />
          <path d="m9 10 9 6.5h4L31 10l-2.6 9.5 1.6 6-5.5 4.5H15.5L10 25.5l1.6-6L9 10Z" fill="#f6851b" />
          <path d="m15.5 30 2-4h5l2 4h-9Z" fill="#c0ad9e" />
          <circle cx="15.5" cy="21" r="1.6" fill="#233447" />
          <circle cx="24.5" cy="21" r="1.6" fill="#233447" />
        </svg>
      );
    case "okx":
      return (
        <svg aria-hidden="true" {...common}>
          <rect width="40" height="40" rx="10" fill="#111" />
          {[
            [10, 10],
            [22, 10],
            [16, 16],
            [10, 22],
            [22, 22],
          ].map(([x, y]) => (
            <rect key={`${x}-${y}`} x={x} y={y} width="8" height="8" rx="1" fill="#fff" />
          ))}
        </svg>
      );
    case "tokenpocket":
      return (
        <svg aria-hidden="true" {...common}>
          <rect width="40" height="40" rx="10" fill="#2980fe" />
          <path d="M10 11h13v6h-4v13h-6V17h-3v-6Z" fill="#fff" />
          <path d="M25 11a7 7 0 0 1 0 14V11Z" fill="#fff" opacity="0.75" />
        </svg>
      );
    case "trust":
      return (
        <svg aria-hidden="true" {...common}>
          <rect width="40" height="40" rx="10" fill="#e8f1ff" />
          <path d="M20 8 30 11.5c0 10-3.8 17-10 20.5C13.8 28.5 10 21.5 10 11.5L20 8Z" fill="#0500ff" />
          <path d="M20 8v24c6.2-3.5 10-10.5 10-20.5L20 8Z" fill="#48ff91" opacity="0.85" />
        </svg>
      );
    case "sandbox":
      return (
        <svg aria-hidden="true" {...common}>
          <rect width="40" height="40" rx="10" fill="#e5fbf5" />
          <path
            d="M16 9h8M17 9v8l-6.5 11a2.5 2.5 0 0 0 2.2 3.8h14.6a2.5 2.5 0 0 0 2.2-3.8L23 17V9"
            fill="none"
            stroke="#008161"
            strokeWidth="2.2"
            strokeLinejoin="round"
          />
          <path
            d="M13.5 24h13l2.5 4.5a1.5 1.5 0 0 1-1.3 2.2H12.3a1.5 1.5 0 0 1-1.3-2.2L13.5 24Z"
            fill="#36c49c"
          />
        </svg>
      );
    default:
      return (
        <svg aria-hidden="true" {...common}>
          <rect width="40" height="40" rx="10" fill="#eef1f4" />
          <rect x="9" y="13" width="22" height="16" rx="3" fill="none" stroke="#5f687b" strokeWidth="2.2" />
          <circle cx="26" cy="21" r="1.8" fill="#5f687b" />
        </svg>
      );
  }
}
