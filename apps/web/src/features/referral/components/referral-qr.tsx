import { QRCodeSVG } from "qrcode.react";

/** The share link as a QR code (SVG). Loaded lazily: the QR encoder stays out of the first route. */
export default function ReferralQr({ value, label }: { value: string; label: string }) {
  return (
    <QRCodeSVG
      value={value}
      size={144}
      level="M"
      marginSize={2}
      title={label}
      role="img"
      aria-label={label}
    />
  );
}
