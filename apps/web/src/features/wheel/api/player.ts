import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { wheelQueryKey, wheelRequest, wheelSchemas } from "./request";

/** What a game's player sees of it; every key starts with this, so a spin or a claim refreshes them all. */
export const wheelGameKey = (id: number) => [...wheelQueryKey, "game", id] as const;

const withSignal = (signal: AbortSignal | undefined) => (signal ? { signal } : {});

export function getWheelTickets(id: number, signal?: AbortSignal) {
  return wheelRequest(
    `/games/${id}/tickets`,
    () => wheelSchemas().then((module) => module.wheelTicketsSchema),
    withSignal(signal),
  );
}

/** Draw records shown per page of the table. */
export const drawsPageSize = 20;

export function getWheelDraws(id: number, page: number, signal?: AbortSignal) {
  return wheelRequest(
    `/games/${id}/draws`,
    () => wheelSchemas().then((module) => module.wheelDrawRecordsSchema),
    {
      query: { page, pageSize: drawsPageSize },
      ...withSignal(signal),
    },
  );
}

export function getWheelClaims(id: number, signal?: AbortSignal) {
  return wheelRequest(
    `/games/${id}/claims`,
    () => wheelSchemas().then((module) => module.wheelClaimsSchema),
    withSignal(signal),
  );
}

/** The game file (dropfair-wheel-v1) with the chain and contract it was played on. */
export function getGameFile(id: number, signal?: AbortSignal) {
  return wheelRequest(
    `/games/${id}/game-file`,
    () => wheelSchemas().then((module) => module.wheelGameFileSchema),
    withSignal(signal),
  );
}

/** The signed-in wallet's tickets (balance and grants); reading them writes the grants that are due. */
export function useWheelTickets(id: number, viewer: string | undefined) {
  return useQuery({
    queryKey: [...wheelGameKey(id), "tickets", viewer ?? "anonymous"] as const,
    queryFn: ({ signal }) => getWheelTickets(id, signal),
    enabled: viewer !== undefined,
    staleTime: 5_000,
    retry: false,
  });
}

/** A page of draw records (public), the caller's own first, with the total. */
export function useWheelDraws(id: number, viewer: string | undefined, page: number) {
  return useQuery({
    queryKey: [...wheelGameKey(id), "draws", viewer ?? "anonymous", page] as const,
    queryFn: ({ signal }) => getWheelDraws(id, page, signal),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
    retry: false,
  });
}

/** The signed-in wallet's wins per prize, with their claim state. */
export function useWheelClaims(id: number, viewer: string | undefined) {
  return useQuery({
    queryKey: [...wheelGameKey(id), "claims", viewer ?? "anonymous"] as const,
    queryFn: ({ signal }) => getWheelClaims(id, signal),
    enabled: viewer !== undefined,
    staleTime: 5_000,
    retry: false,
  });
}
