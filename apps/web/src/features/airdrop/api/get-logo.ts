import { queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { apiDownload } from "../../../shared/api/client";
import { airdropKeys } from "./airdrop-keys";

/** GET /:id/logo with the session's credentials: a draft's logo is its creator's alone. */
export function getLogo(id: number, signal?: AbortSignal): Promise<Blob> {
  return apiDownload(`/airdrop/${id}/logo`, { fallbackName: "logo", ...(signal ? { signal } : {}) }).then(
    (file) => file.blob,
  );
}

/** `version` (the airdrop's updatedAt) refetches the logo after a change. */
export function logoQueryOptions(id: number, version: string) {
  return queryOptions({
    queryKey: [...airdropKeys.airdrop(id), "logo", version] as const,
    queryFn: ({ signal }) => getLogo(id, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** The logo as an object URL for an <img>, revoked when it changes or the page leaves. */
export function useLogoUrl(id: number | undefined, version: string | undefined, enabled: boolean) {
  const logo = useQuery({
    ...logoQueryOptions(id ?? 0, version ?? ""),
    enabled: enabled && id !== undefined,
  });
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!logo.data || !enabled) {
      setUrl(undefined);
      return;
    }
    const objectUrl = URL.createObjectURL(logo.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [logo.data, enabled]);
  return url;
}
