// The home feature's public surface: the landing page.
export { LandingPage, type LandingPageProps } from "./components/landing-page";
