// The picker ban list (SPEC §2 `picker2/{id}/banned`): the route page.
export { BannedUsersPage } from "./components/banned-users-page";
