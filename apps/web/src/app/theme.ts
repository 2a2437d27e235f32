import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from "@mantine/core";

/** Jade: the brand colour. Calm, trustworthy and distinct from the usual web3 purple. */
const jade: MantineColorsTuple = [
  "#e5fbf5",
  "#d2f3ea",
  "#a6e6d4",
  "#76d8bd",
  "#4fcca9",
  "#36c49c",
  "#25bf95",
  "#14a880",
  "#009571",
  "#008161",
];

/** Ink: the neutral for dark mode, slightly blue so surfaces do not look grey-dead. */
const ink: MantineColorsTuple = [
  "#c9ced8",
  "#aab1bf",
  "#8891a3",
  "#5f687b",
  "#3a4254",
  "#2a3142",
  "#1f2534",
  "#171c29",
  "#121622",
  "#0c0f18",
];

export const theme = createTheme({
  primaryColor: "jade",
  primaryShade: { light: 8, dark: 6 },
  colors: { jade, dark: ink },
  fontFamily:
    'Inter, "Segoe UI", system-ui, -apple-system, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", Roboto, "Helvetica Neue", Arial, sans-serif',
  fontFamilyMonospace: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace',
  headings: {
    fontWeight: "750",
    sizes: {
      h1: { fontSize: "clamp(2rem, 5vw, 3.25rem)", lineHeight: "1.1" },
      h2: { fontSize: "clamp(1.5rem, 3.2vw, 2.1rem)", lineHeight: "1.2" },
    },
  },
  defaultRadius: "md",
  radius: { xl: "1.25rem" },
  cursorType: "pointer",
  autoContrast: true,
  breakpoints: { xs: "30em", sm: "48em", md: "64em", lg: "75em", xl: "90em" },
  components: {
    Button: { defaultProps: { radius: "xl" } },
    Card: { defaultProps: { radius: "lg", withBorder: true, padding: "lg" } },
    Paper: { defaultProps: { radius: "lg" } },
    Modal: {
      defaultProps: { radius: "lg", centered: true, overlayProps: { backgroundOpacity: 0.45, blur: 3 } },
    },
    Menu: { defaultProps: { radius: "md", shadow: "lg" } },
    Badge: { defaultProps: { radius: "sm" } },
    TextInput: { defaultProps: { radius: "md" } },
  },
  other: {
    headerHeight: 64,
  },
});

/** Extra variables used by the shell's CSS modules. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {
    "--df-header-height": "64px",
  },
  light: {
    "--df-surface": "#ffffff",
    "--df-surface-muted": "#f5f8f7",
    "--df-border": "#e3e9e7",
    "--df-page-bg": "#f7faf9",
    "--df-hero-glow": "rgba(20, 168, 128, 0.16)",
  },
  dark: {
    "--df-surface": "#171c29",
    "--df-surface-muted": "#1f2534",
    "--df-border": "#2a3142",
    "--df-page-bg": "#121622",
    "--df-hero-glow": "rgba(54, 196, 156, 0.18)",
  },
});
