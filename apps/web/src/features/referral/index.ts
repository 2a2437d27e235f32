// Referral in the web app: the user's code, share link and QR code, the code change, and the results.
export { ReferralPage, type ReferralPageProps } from "./components/referral-page";
