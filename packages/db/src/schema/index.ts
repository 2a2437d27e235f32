export { sessions, signInNonces, users } from "./auth.ts";
