import { lazyWhenOpened, whenIdle } from "../../shared/ui/lazy-when-opened";
import { useSideMenuOpened } from "./side-menu-state";

/** The side menu. The drawer loads on first open, or once the browser is idle. */
export const SideMenu = lazyWhenOpened(() => import("./side-menu-drawer"), useSideMenuOpened);

whenIdle(SideMenu.preload);
