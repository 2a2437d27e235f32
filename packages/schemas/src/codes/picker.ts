/** Who is looking at a picker. */
export const pickerViewerRoles = ["owner", "admin", "entrant", "visitor"] as const;
export type PickerViewerRole = (typeof pickerViewerRoles)[number];

/** The participant list's filters. */
export const pickerParticipantFilters = ["all", "eligible", "winners", "substitutes", "excluded"] as const;
export type PickerParticipantFilter = (typeof pickerParticipantFilters)[number];

export const pickerDrawKinds = ["draw", "redraw", "replace"] as const;
export const pickerDrawStatuses = ["waiting", "drawn", "failed"] as const;
