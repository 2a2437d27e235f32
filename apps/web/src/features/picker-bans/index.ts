// The picker ban list (`picker2/{id}/banned`): the route page.
export { BannedUsersPage } from "./components/banned-users-page";
