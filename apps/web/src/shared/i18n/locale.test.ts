import { describe, expect, it } from "vitest";
import {
  initialLocaleRedirect,
  localeFromPath,
  localizePath,
  readStoredLocale,
  storeLocale,
  stripLocale,
  switchLocaleHref,
} from "./locale";

describe("locale paths", () => {
  it("reads the locale from the first segment; English has no prefix", () => {
    expect(localeFromPath("/")).toBe("en");
    expect(localeFromPath("/picker2/1")).toBe("en");
    expect(localeFromPath("/cn")).toBe("cn");
    expect(localeFromPath("/cn/")).toBe("cn");
    expect(localeFromPath("/cn/picker2")).toBe("cn");
    expect(localeFromPath("/en/picker2")).toBe("en");
    expect(localeFromPath("/cnx/picker2")).toBe("en");
  });

  it("strips and adds the prefix", () => {
    expect(stripLocale("/cn")).toBe("/");
    expect(stripLocale("/cn/")).toBe("/");
    expect(stripLocale("/cn/picker2/7")).toBe("/picker2/7");
    expect(stripLocale("/picker2/7")).toBe("/picker2/7");
    expect(localizePath("/", "cn")).toBe("/cn");
    expect(localizePath("/home", "cn")).toBe("/cn/home");
    expect(localizePath("home", "en")).toBe("/home");
    expect(localizePath("/", "en")).toBe("/");
  });

  it("switches language keeping the route, params, query and hash", () => {
    const location = { pathname: "/picker2/abc/xyz", search: "?keyword=a%20b&tab=2", hash: "#draws" };
    const chinese = switchLocaleHref(location, "cn");
    expect(chinese).toBe("/cn/picker2/abc/xyz?keyword=a%20b&tab=2#draws");
    expect(
      switchLocaleHref(
        { pathname: "/cn/picker2/abc/xyz", search: location.search, hash: location.hash },
        "en",
      ),
    ).toBe("/picker2/abc/xyz?keyword=a%20b&tab=2#draws");
    expect(switchLocaleHref({ pathname: "/cn" }, "en")).toBe("/");
    expect(switchLocaleHref({ pathname: "/" }, "cn")).toBe("/cn");
    expect(switchLocaleHref({ pathname: "/cn/home" }, "cn")).toBe("/cn/home");
  });

  it("keeps the language in localStorage and applies it to unprefixed first entries only", () => {
    expect(readStoredLocale()).toBeUndefined();
    storeLocale("cn");
    expect(readStoredLocale()).toBe("cn");
    expect(initialLocaleRedirect("/home", "cn")).toBe("/cn/home");
    expect(initialLocaleRedirect("/", "cn")).toBe("/cn");
    expect(initialLocaleRedirect("/cn/home", "cn")).toBeUndefined();
    expect(initialLocaleRedirect("/home", "en")).toBeUndefined();
    expect(initialLocaleRedirect("/home", undefined)).toBeUndefined();
    localStorage.setItem("dropfair.language", "fr");
    expect(readStoredLocale()).toBeUndefined();
  });
});
