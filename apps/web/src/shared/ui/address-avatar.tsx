import { Avatar, Box } from "@mantine/core";

function hue(seed: string, salt: number) {
  let hash = salt;
  for (const char of seed.toLowerCase()) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % 360;
}

/** An avatar: the given image, else a gradient derived from the address, else the theme's default. */
export function AddressAvatar({
  address,
  src,
  size = 32,
  variant = "common",
}: {
  address?: string | undefined;
  src?: string | undefined;
  size?: number;
  /** The theme that picks the default avatar: the common look or the pro look. */
  variant?: "common" | "pro";
}) {
  if (src) return <Avatar src={src} size={size} radius="xl" alt="" />;
  if (!address) {
    // Nobody signed in: the theme's placeholder (the common and pro themes each have their own).
    return <Avatar size={size} radius="xl" color={variant === "pro" ? "dark" : "jade"} variant="filled" />;
  }
  const background = `linear-gradient(135deg, hsl(${hue(address, 7)} 70% 60%), hsl(${hue(address, 13)} 65% 42%))`;
  return (
    <Box
      aria-hidden="true"
      w={size}
      h={size}
      style={{
        borderRadius: "50%",
        background,
        flexShrink: 0,
        boxShadow: "inset 0 0 0 1px rgba(255,255,255,0.25)",
      }}
    />
  );
}
