import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
import { removeCookie } from "../shared/lib/cookies";

// Pages load their chunks, catalogues and wire schemas lazily; on a busy 2-core CI runner the first import of a
// large one (the chain registry) takes over the library's default second. What a test waits for must still
// appear: it only gets longer to do so.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(";")) {
    const name = cookie.split("=")[0]?.trim();
    if (name) removeCookie(name);
  }
});
