/** A side-menu entry: route, name, tag, children, icon, isSelected, isExpanded, isComing. */
export type MenuEntry<Icon = unknown> = {
  key: string;
  /** The route name this entry opens (a key of `paths` or `partner:{slug}`). */
  route?: string;
  /** Other route names under which this entry counts as the current one. */
  alsoSelects?: readonly string[];
  /** The link target, locale-root-relative. */
  to?: string;
  /** Catalogue key of the label, or a literal label for proper nouns (partners). */
  labelKey?: string;
  label?: string;
  tag?: "hot" | "new" | "beta";
  icon?: Icon;
  isComing?: boolean;
  children?: readonly MenuEntry<Icon>[];
};

export type ResolvedMenuEntry<Icon = unknown> = Omit<MenuEntry<Icon>, "children"> & {
  isSelected: boolean;
  isExpanded: boolean;
  children?: ResolvedMenuEntry<Icon>[];
};

function selects(entry: MenuEntry<unknown>, routeName: string | undefined) {
  return (
    routeName !== undefined && (entry.route === routeName || Boolean(entry.alsoSelects?.includes(routeName)))
  );
}

/**
 * Marks the current entry and its group: a group is selected when one of its children is (so the referral
 * route highlights the achievement group), and a group holding the current route starts expanded.
 */
export function resolveMenu<Icon>(
  entries: readonly MenuEntry<Icon>[],
  routeName: string | undefined,
  expanded: ReadonlySet<string>,
  collapsed: ReadonlySet<string> = new Set(),
): ResolvedMenuEntry<Icon>[] {
  return entries.map((entry) => {
    const { children: rawChildren, ...rest } = entry;
    const children = rawChildren ? resolveMenu(rawChildren, routeName, expanded, collapsed) : undefined;
    const childSelected = children?.some((child) => child.isSelected) ?? false;
    const isSelected = selects(entry, routeName) || childSelected;
    const isExpanded =
      Boolean(children) && !collapsed.has(entry.key) && (expanded.has(entry.key) || childSelected);
    return { ...rest, isSelected, isExpanded, ...(children ? { children } : {}) };
  });
}

/**
 * Keeps the entries whose label contains the keyword (case-insensitive). A matching group keeps all its
 * children; otherwise a group stays with only its matching children. Filtered groups are expanded.
 */
export function filterMenu<Icon>(
  entries: readonly ResolvedMenuEntry<Icon>[],
  keyword: string,
  labelOf: (entry: ResolvedMenuEntry<Icon>) => string,
): ResolvedMenuEntry<Icon>[] {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return [...entries];
  const result: ResolvedMenuEntry<Icon>[] = [];
  for (const entry of entries) {
    const matches = labelOf(entry).toLowerCase().includes(needle);
    if (entry.children) {
      const children = matches ? entry.children : filterMenu(entry.children, needle, labelOf);
      if (children.length > 0) result.push({ ...entry, children, isExpanded: true });
    } else if (matches) {
      result.push(entry);
    }
  }
  return result;
}

/** Toggles a group open or closed, remembering explicit closes so a selected group can be folded. */
export function toggleGroup(
  state: { expanded: ReadonlySet<string>; collapsed: ReadonlySet<string> },
  key: string,
  currentlyExpanded: boolean,
) {
  const expanded = new Set(state.expanded);
  const collapsed = new Set(state.collapsed);
  if (currentlyExpanded) {
    expanded.delete(key);
    collapsed.add(key);
  } else {
    collapsed.delete(key);
    expanded.add(key);
  }
  return { expanded, collapsed };
}

/**
 * What a click on a leaf does: a coming feature shows the notice, the current route scrolls to the top, an
 * http link opens outside, anything else navigates.
 */
export function menuClickAction(
  entry: { isComing?: boolean; route?: string; to?: string },
  currentRoute: string | undefined,
) {
  if (entry.isComing) return "coming" as const;
  if (entry.route !== undefined && entry.route === currentRoute) return "scroll-top" as const;
  if (entry.to?.startsWith("http")) return "external" as const;
  return "navigate" as const;
}
