import { Container, type MantineSize } from "@mantine/core";
import { type ReactNode, Suspense } from "react";
import { Outlet, useNavigation } from "react-router";
import { RouteLoading } from "../routes/route-loading";
import classes from "../shell/shell.module.css";
import { SideMenu } from "../shell/side-menu";
import { TopBar } from "../shell/top-bar";
import { Footer } from "./footer";

function NavigationProgress() {
  const navigation = useNavigation();
  return navigation.state === "idle" ? null : (
    <div className={classes.progress} role="progressbar" aria-busy="true" />
  );
}

function Shell({
  layout,
  variant = "common",
  band,
  size,
  children,
}: {
  layout: string;
  variant?: "common" | "pro";
  band?: ReactNode;
  size?: MantineSize | number;
  children?: ReactNode;
}) {
  return (
    <div className={classes.app} data-layout={layout}>
      <NavigationProgress />
      <TopBar variant={variant} />
      <SideMenu variant={variant} />
      <main className={classes.main}>
        {band}
        <Suspense fallback={<RouteLoading />}>
          {size === undefined ? (
            (children ?? <Outlet />)
          ) : (
            <Container size={size} className={classes.content}>
              {children ?? <Outlet />}
            </Container>
          )}
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}

/** Picker pages: the pro theme (pages open with `ProPageHead`). */
export function ProLayout() {
  return <Shell layout="pro" variant="pro" size="lg" />;
}

/** Campaign pages (airdrops, tips, wheel, achievements, partner activities): wide, with a soft brand band. */
export function BountyLayout() {
  return <Shell layout="bounty" band={<div className={classes.bountyBand} />} size="xl" />;
}

/** Landing page: full bleed, the page draws its own sections. */
export function HomeLayout() {
  return <Shell layout="home" />;
}

/** Reading pages (news, chains, safety, referral): a narrower column. */
export function CommonLayout() {
  return <Shell layout="common" size="md" />;
}

export function DefaultLayout() {
  return <Shell layout="default" size="lg" />;
}

/** For error boundaries that replace a whole layout. */
export function StandaloneShell({ children }: { children: ReactNode }) {
  return (
    <Shell layout="default" size="lg">
      {children}
    </Shell>
  );
}
