/** The root of every picker query key, so a mutation can refresh one picker or all of them. */
export const pickerKeys = {
  all: ["picker"] as const,
  lists: () => [...pickerKeys.all, "list"] as const,
  picker: (id: number) => [...pickerKeys.all, "detail", id] as const,
};
