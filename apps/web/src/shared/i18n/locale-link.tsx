import { forwardRef } from "react";
import { Link, type LinkProps, NavLink, type NavLinkProps } from "react-router";
import { useLocalizePath } from "./use-locale";

/** A router link whose `to` is a locale-root-relative path from `paths`. */
export const LocaleLink = forwardRef<HTMLAnchorElement, LinkProps & { to: string }>(function LocaleLink(
  { to, ...props },
  ref,
) {
  const localize = useLocalizePath();
  return <Link ref={ref} to={localize(to)} {...props} />;
});

export const LocaleNavLink = forwardRef<HTMLAnchorElement, NavLinkProps & { to: string }>(
  function LocaleNavLink({ to, ...props }, ref) {
    const localize = useLocalizePath();
    return <NavLink ref={ref} to={localize(to)} {...props} />;
  },
);
