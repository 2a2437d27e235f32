// Our own badge artwork: a medal per theme, drawn here as SVG (no external assets), served at
// /api/bounty/badges/artwork/<name>.svg. Seeded badges use it, and so does a badge created without an image.

type Theme = { from: string; to: string; ring: string; glyph: string };

// Glyphs on a 64 × 64 grid centred in the medal.
const glyphs = {
  bird: "M14 38c6-14 20-20 34-16l8-6-2 10c2 10-6 20-20 20-8 0-14-3-20-8zm30-12a2 2 0 1 0 0.1 0z",
  star: "M32 8l7 16 17 1-13 11 4 17-15-9-15 9 4-17L8 25l17-1z",
  steps: "M10 50h14V38h12V26h12V14h8v42H10z",
  calendar: "M12 16h40v36H12zM12 24h40M22 10v10M42 10v10M20 32h8v8h-8zM36 32h8v8h-8z",
  drop: "M32 8c10 14 18 24 18 32a18 18 0 0 1-36 0c0-8 8-18 18-32z",
  gift: "M12 26h40v8H12zM15 34h34v20H15zM32 26v28M32 26c-4-10-16-10-12-2 2 3 8 2 12 2zm0 0c4-10 16-10 12-2-2 3-8 2-12 2z",
  shield: "M32 8l20 8v14c0 12-8 22-20 26-12-4-20-14-20-26V16z",
} as const;

const themes: Record<string, Theme> = {
  earlybird: { from: "#ffd36b", to: "#f08a24", ring: "#fff3d1", glyph: glyphs.bird },
  "first-steps": { from: "#7ee0c3", to: "#1c9c7c", ring: "#e4fff6", glyph: glyphs.steps },
  level: { from: "#9db8ff", to: "#4059d8", ring: "#e6edff", glyph: glyphs.star },
  monthly: { from: "#f5a3d6", to: "#b43f8f", ring: "#ffe6f6", glyph: glyphs.calendar },
  "airdrop-creator": { from: "#8fe3ff", to: "#1f7fb8", ring: "#e3f8ff", glyph: glyphs.drop },
  "airdrop-claimer": { from: "#c8f29a", to: "#5c9e1f", ring: "#f2ffe3", glyph: glyphs.gift },
  sbt: { from: "#c7b6ff", to: "#6a43d6", ring: "#efe9ff", glyph: glyphs.shield },
  nft: { from: "#ffc09e", to: "#d2572a", ring: "#fff0e8", glyph: glyphs.star },
};

export const artworkNames = Object.keys(themes);

/** The image reference of a badge created without one: our SBT or NFT medal. */
export function defaultArtwork(kind: "sbt" | "nft"): string {
  return `artwork:${kind}`;
}

/** The SVG document of one artwork, or undefined for an unknown name. */
export function artworkSvg(name: string): string | undefined {
  const theme = themes[name];
  if (!theme) return undefined;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${theme.from}"/><stop offset="1" stop-color="${theme.to}"/></linearGradient></defs>
<polygon points="128,8 232,68 232,188 128,248 24,188 24,68" fill="url(#g)"/>
<polygon points="128,30 213,79 213,177 128,226 43,177 43,79" fill="none" stroke="${theme.ring}" stroke-width="6" opacity="0.8"/>
<g transform="translate(64 64) scale(2)" fill="${theme.ring}" stroke="${theme.ring}" stroke-width="1.5" stroke-linejoin="round"><path d="${theme.glyph}"/></g>
</svg>
`;
}
