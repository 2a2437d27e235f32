import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script without type declarations
import { checkBoundaries, violation } from "../check-boundaries.mjs";

const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), "../..");

describe("the import rules", () => {
  it("keep the platform layer free of modules", () => {
    expect(
      violation(
        "apps/api/src/platform/auth.ts",
        "../modules/auth/index.ts",
        "apps/api/src/modules/auth/index.ts",
      ),
    ).toBe("apps/api/src/platform may not import a module: pass what it needs in from app.ts");
    expect(
      violation("apps/api/src/platform/auth.ts", "./errors.ts", "apps/api/src/platform/errors.ts"),
    ).toBeUndefined();
  });

  it("let a module be reached from outside only through its index.ts", () => {
    expect(
      violation(
        "apps/api/src/app.ts",
        "./modules/picker/service.ts",
        "apps/api/src/modules/picker/service.ts",
      ),
    ).toBe("import the picker module through its index.ts, not service.ts");
    expect(
      violation(
        "apps/api/src/modules/airdrop/claims.ts",
        "../picker/repository.ts",
        "apps/api/src/modules/picker/repository.ts",
      ),
    ).toBe("import the picker module through its index.ts, not repository.ts");
    expect(
      violation(
        "apps/api/test/picker-api.test.ts",
        "../src/modules/picker/index.ts",
        "apps/api/src/modules/picker/index.ts",
      ),
    ).toBeUndefined();
    expect(
      violation(
        "apps/api/src/modules/picker/draws.ts",
        "./repository.ts",
        "apps/api/src/modules/picker/repository.ts",
      ),
    ).toBeUndefined();
  });

  it("keep web features apart and away from app/", () => {
    expect(
      violation(
        "apps/web/src/features/airdrop/components/claim-box.tsx",
        "../../auth/model/session.ts",
        "apps/web/src/features/auth/model/session.ts",
      ),
    ).toBe("feature airdrop may import feature auth only through its index.ts, not model/session.ts");
    expect(
      violation(
        "apps/web/src/features/airdrop/components/claim-box.tsx",
        "../../auth/index.ts",
        "apps/web/src/features/auth/index.ts",
      ),
    ).toBeUndefined();
    expect(
      violation(
        "apps/web/src/features/picker/components/page.tsx",
        "../../../app/providers.tsx",
        "apps/web/src/app/providers.tsx",
      ),
    ).toBe("feature picker may not import the app/ layer");
    expect(
      violation(
        "apps/web/src/shared/ui/x.tsx",
        "../../features/auth/index.ts",
        "apps/web/src/features/auth/index.ts",
      ),
    ).toBe("shared/ may not import a feature or the app/ layer");
  });

  it("keep packages/core free of I/O", () => {
    expect(violation("packages/core/src/a.ts", "node:fs", undefined)).toBe(
      'packages/core is pure: it may not import "node:fs"',
    );
    expect(violation("packages/core/src/a.ts", "@dropfair/db", undefined)).toBe(
      'packages/core is pure: it may not import "@dropfair/db"',
    );
    expect(
      violation("packages/core/src/a.ts", "viem", undefined, 'import { createPublicClient, http } from "'),
    ).toBe("packages/core is pure: it may not build a viem client or transport");
    expect(
      violation("packages/core/src/a.ts", "viem", undefined, 'import { keccak256, getAddress } from "'),
    ).toBe(undefined);
    expect(violation("packages/core/scripts/build.ts", "node:fs", undefined)).toBeUndefined();
  });
});

describe("checkBoundaries", () => {
  let root: string | undefined;
  afterEach(() => {
    if (root) rmSync(root, { recursive: true, force: true });
    root = undefined;
  });

  function write(path: string, text: string) {
    if (!root) throw new Error("no fixture root");
    const file = join(root, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }

  it("finds a new violation in a tree, with its file and line", () => {
    root = mkdtempSync(join(tmpdir(), "boundaries-"));
    write("apps/api/src/modules/picker/service.ts", "export const a = 1;\n");
    write("apps/api/src/modules/picker/index.ts", 'export { a } from "./service.ts";\n');
    write("apps/api/src/app.ts", 'import { a } from "./modules/picker/index.ts";\nexport const b = a;\n');
    expect(checkBoundaries(root)).toEqual([]);

    write(
      "apps/api/src/jobs/index.ts",
      '// the jobs root\nimport { a } from "../modules/picker/service.ts";\nexport const c = a;\n',
    );
    expect(checkBoundaries(root)).toEqual([
      "apps/api/src/jobs/index.ts:2  import the picker module through its index.ts, not service.ts",
    ]);
  });

  it("finds none in this repository", () => {
    expect(checkBoundaries(repositoryRoot)).toEqual([]);
  });
});
