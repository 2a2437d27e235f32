import { Notifications } from "@mantine/notifications";

/** The toast container; loaded after the first paint (see providers.tsx). */
export default function NotificationsHost() {
  return <Notifications position="top-center" zIndex={1000} limit={3} />;
}
