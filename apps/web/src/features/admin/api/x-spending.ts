import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client";
import { useSession } from "../../auth";

const wire = () => import("./wire-schemas");

/** GET /api/bounty/admin/x-spending: this month's reads from X against X_SPENDING_CAP (administrators only). */
export function getXSpending({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest("/admin/x-spending", () => wire().then((schemas) => schemas.xSpendingSchema), {
    base: "bounty",
    ...(signal ? { signal } : {}),
  });
}

export function useXSpending(enabled: boolean) {
  const token = useSession((state) => state.userToken);
  return useQuery({
    queryKey: ["admin", "x-spending", token ?? "anonymous"],
    queryFn: ({ signal }) => getXSpending({ signal }),
    enabled: enabled && Boolean(token),
  });
}
