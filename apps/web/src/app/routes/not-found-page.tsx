import { useLocation } from "react-router";
import { NotFoundView } from "./not-found-view";

export function Component() {
  const { pathname } = useLocation();
  return <NotFoundView path={pathname} />;
}
