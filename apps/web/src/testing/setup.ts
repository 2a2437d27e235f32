import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { removeCookie } from "../shared/lib/cookies";

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(";")) {
    const name = cookie.split("=")[0]?.trim();
    if (name) removeCookie(name);
  }
});
