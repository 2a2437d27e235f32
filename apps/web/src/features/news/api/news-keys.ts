/** The root of every news query key, so a curation change can refresh the lists at once. */
export const newsKeys = {
  all: ["news"] as const,
  drops: () => [...newsKeys.all, "drops"] as const,
  categories: () => [...newsKeys.all, "categories"] as const,
  adminEntries: () => [...newsKeys.all, "admin", "entries"] as const,
};
